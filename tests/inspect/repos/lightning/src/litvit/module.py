"""The LightningModule: a timm ViT-B/16."""
import lightning as L
import timm
import torch


class LitViT(L.LightningModule):
    def __init__(self, lr=3e-4, weight_decay=0.05):
        super().__init__()
        self.model = timm.create_model("vit_base_patch16_224", pretrained=False, num_classes=1000)
        self.lr = lr

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)
