# Fixture: the CTC model class (its encoder and decoder come from cfg.encoder / cfg.decoder).
import lightning.pytorch as pl


class EncDecCTCModelBPE(pl.LightningModule):
    def __init__(self, cfg, trainer=None):
        super().__init__()
        self.cfg = cfg
