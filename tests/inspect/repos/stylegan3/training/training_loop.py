"""The training loop."""


def training_loop(rank=0, **kwargs):
    pass


def subprocess_fn(rank, c):
    training_loop(rank=rank, **c)
