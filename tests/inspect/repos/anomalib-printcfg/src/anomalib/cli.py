"""Anomalib command line: Lightning CLI over any model and data module, subclass mode."""
from lightning.pytorch.cli import LightningCLI

from anomalib.data import AnomalibDataModule
from anomalib.models import AnomalyModule


def main():
    LightningCLI(
        AnomalyModule,
        AnomalibDataModule,
        subclass_mode_model=True,
        subclass_mode_data=True,
        save_config_kwargs={"overwrite": True},
    )


if __name__ == "__main__":
    main()
