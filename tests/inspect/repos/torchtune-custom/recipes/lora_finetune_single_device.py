"""LoRA fine-tuning on one GPU."""
import sys

from omegaconf import DictConfig

from torchtune import config


@config.parse
def recipe_main(cfg: DictConfig) -> None:
    model = config.instantiate(cfg.model)
    model.train()


if __name__ == "__main__":
    sys.exit(recipe_main())
