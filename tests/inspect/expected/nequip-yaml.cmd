nequip-train configs/example.yaml
