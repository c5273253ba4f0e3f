import ml_collections


def get_base_config():
    config = ml_collections.ConfigDict()
    config.training = training = ml_collections.ConfigDict()
    training.batch_size = 64
    training.num_steps = 400000
    config.optim = optim = ml_collections.ConfigDict()
    optim.lr = 2e-4
    optim.ema = 0.9999
    config.model = ml_collections.ConfigDict()
    config.model.channels = 128
    config.data = data = ml_collections.ConfigDict()
    data.dataset = "celeba_hq"
    return config
