# Loads the YAML named by --cfg-path, with --options overrides (fixture).
from omegaconf import OmegaConf


class Config:
    def __init__(self, args):
        self.config = OmegaConf.merge(OmegaConf.load(args.cfg_path), OmegaConf.from_dotlist(args.options or []))
