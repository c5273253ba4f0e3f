"""Builds the model the config names."""


def build_model(config):
    model_type = config.MODEL.TYPE
    return model_type
