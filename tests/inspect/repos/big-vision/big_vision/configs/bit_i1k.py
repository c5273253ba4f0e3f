# Fixture: an ml_collections config file (get_config builds a ConfigDict).
import ml_collections as mlc


def get_config(runlocal=False):
    """Config for training a BiT ResNet on ImageNet-1k."""
    config = mlc.ConfigDict()

    config.seed = 0
    config.total_epochs = 90
    config.num_classes = 1000
    config.loss = 'softmax_xent'

    config.input = dict()
    config.input.data = dict(
        name='imagenet2012',
        split='train[:99%]',
    )
    config.input.batch_size = 4096
    config.input.shuffle_buffer_size = 250_000

    config.log_training_steps = 50
    config.ckpt_steps = 1000

    config.model_name = 'bit'
    config.model = dict(depth=50, width=1.0)

    config.optax_name = 'big_vision.momentum_hp'
    config.grad_clip_norm = 1.0

    config.lr = 0.1
    config.wd = 1e-4
    config.schedule = dict(decay_type='cosine', warmup_steps=1000)

    return config
