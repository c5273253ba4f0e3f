nequip-train configs/minimal_ase.yaml
