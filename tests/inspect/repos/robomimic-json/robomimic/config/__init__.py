from robomimic.config.base_config import config_factory
from robomimic.config.bc_config import BCConfig
