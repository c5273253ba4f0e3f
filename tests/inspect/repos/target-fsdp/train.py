# The run is whatever the config's trainer section instantiates.
import hydra
from hydra.utils import instantiate
from omegaconf import DictConfig


@hydra.main(version_base=None, config_path="conf", config_name="train")
def main(cfg: DictConfig) -> None:
    loop = instantiate(cfg.trainer, _recursive_=False)
    loop.run()


if __name__ == "__main__":
    main()
