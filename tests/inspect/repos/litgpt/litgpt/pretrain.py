# Fixture: pretraining recipe (not the one this job runs).
import lightning as L


def setup(model_name: str = "pythia-14m", devices: int = 8, precision: str = "bf16-mixed") -> None:
    fabric = L.Fabric(devices=devices, precision=precision)
