from lightning.pytorch import LightningModule

from anomalib.models.padim.lightning_model import Padim


class AnomalyModule(LightningModule):
    """Base class of every anomaly model."""


__all__ = ["AnomalyModule", "Padim"]
