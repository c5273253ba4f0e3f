from .config import gt_config, defaults_config  # noqa
from .network import gps_model  # noqa
from .train import custom_train  # noqa
