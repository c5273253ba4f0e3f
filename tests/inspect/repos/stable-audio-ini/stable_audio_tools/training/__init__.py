"""Lightning modules that wrap each model type for training."""


def create_training_wrapper_from_config(model_config, model):
    model_type = model_config.get('model_type', None)
    training_config = model_config.get('training', None)
    return None
