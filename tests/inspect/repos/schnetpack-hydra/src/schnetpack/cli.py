import hydra
import pytorch_lightning as pl
from omegaconf import DictConfig


@hydra.main(config_path="configs", config_name="train", version_base="1.2")
def train(config: DictConfig):
    datamodule = hydra.utils.instantiate(config.data)
    model = hydra.utils.instantiate(config.model)
    task = hydra.utils.instantiate(config.task, model=model)
    trainer: pl.Trainer = hydra.utils.instantiate(config.trainer)
    trainer.fit(model=task, datamodule=datamodule)
