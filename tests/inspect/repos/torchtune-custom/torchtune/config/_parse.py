import functools
import sys

from omegaconf import OmegaConf


def parse(recipe_main):
    @functools.wraps(recipe_main)
    def wrapper():
        argv = sys.argv[1:]
        cfg = OmegaConf.load(argv[argv.index("--config") + 1])
        rest = [a for a in argv if "=" in a]
        cfg = OmegaConf.merge(cfg, OmegaConf.from_dotlist(rest))
        return recipe_main(cfg)

    return wrapper
