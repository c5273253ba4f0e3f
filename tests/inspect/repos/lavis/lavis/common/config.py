# Loads the YAML named by --cfg-path and applies --options key=value pairs over it (fixture).
from omegaconf import OmegaConf


class Config:
    def __init__(self, args):
        self.args = args
        config = OmegaConf.load(self.args.cfg_path)
        user_config = OmegaConf.from_dotlist(self.args.options or [])
        self.config = OmegaConf.merge(config, user_config)

    @property
    def run_cfg(self):
        return self.config.run
