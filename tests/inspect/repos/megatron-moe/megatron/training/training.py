"""The training loop."""


def pretrain(model_provider):
    return model_provider()
