"""Fixture: the model and architecture registries (a name -> a function that fills defaults)."""
ARCH_MODEL_REGISTRY = {}
ARCH_CONFIG_REGISTRY = {}


def register_model_architecture(model_name, arch_name):
    def register(fn):
        ARCH_CONFIG_REGISTRY[arch_name] = fn
        return fn

    return register
