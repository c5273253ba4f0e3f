"""PaDiM: a patch distribution modeling framework for anomaly detection and localization."""
import torch
import timm
from lightning.pytorch import LightningModule


class Padim(LightningModule):
    def __init__(self, backbone: str = "resnet18", layers: list[str] = ["layer1", "layer2", "layer3"],
                 pre_trained: bool = True, n_features: int | None = None) -> None:
        super().__init__()
        self.feature_extractor = timm.create_model(backbone, pretrained=pre_trained, features_only=True)

    def training_step(self, batch, batch_idx):
        self.feature_extractor(batch["image"])

    def configure_optimizers(self):
        return None
