import pytorch_lightning as pl


class LatentDiffusion(pl.LightningModule):
    def __init__(self, unet_config=None, **kwargs):
        super().__init__()
