# Fixture: the trainer (its model is built from the config's architecture).
import paddle


class Trainer(object):
    def __init__(self, cfg, mode="train"):
        self.cfg = cfg
        if paddle.distributed.get_world_size() > 1:
            paddle.distributed.init_parallel_env()
