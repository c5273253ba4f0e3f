# Instantiates the datamodule, the model task and the Lightning trainer from the composed config (fixture).
import hydra
import pytorch_lightning as pl


def train(config):
    datamodule = hydra.utils.instantiate(config.datamodule)
    model = hydra.utils.instantiate(config.task, cfg=config)
    trainer: pl.Trainer = hydra.utils.instantiate(config.trainer)
    trainer.fit(model=model, datamodule=datamodule)
