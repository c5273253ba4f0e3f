from configs.base import get_base_config


def get_config():
    config = get_base_config()
    net = config.model
    net.channels = 256
    config.training.batch_size = 128
    return config
