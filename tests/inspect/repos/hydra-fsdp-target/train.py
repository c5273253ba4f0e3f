"""Trains with a Lightning Trainer built from the composed config."""
import hydra
import lightning as L


@hydra.main(version_base=None, config_path="conf", config_name="config")
def main(cfg):
    L.seed_everything(cfg.seed)
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(None)


if __name__ == "__main__":
    main()
