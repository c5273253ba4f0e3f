"""Train entry of a Lightning + Hydra project (learned from ashleve/lightning-hydra-template)."""
import hydra
import lightning as L
from omegaconf import DictConfig


def train(cfg: DictConfig):
    L.seed_everything(cfg.seed)
    datamodule = hydra.utils.instantiate(cfg.data)
    model = hydra.utils.instantiate(cfg.model)
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(model=model, datamodule=datamodule)


@hydra.main(version_base="1.3", config_path="../configs", config_name="train.yaml")
def main(cfg: DictConfig):
    train(cfg)


if __name__ == "__main__":
    main()
