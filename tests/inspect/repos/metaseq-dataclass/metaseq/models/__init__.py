"""Model registries: @register_model and @register_model_architecture."""
MODEL_REGISTRY = {}
MODEL_DATACLASS_REGISTRY = {}
ARCH_MODEL_REGISTRY = {}
ARCH_CONFIG_REGISTRY = {}


def register_model(name, dataclass=None):
    def register_model_cls(cls):
        MODEL_REGISTRY[name] = cls
        MODEL_DATACLASS_REGISTRY[name] = dataclass
        return cls
    return register_model_cls


def register_model_architecture(model_name, arch_name):
    def register_model_arch_fn(fn):
        ARCH_MODEL_REGISTRY[arch_name] = MODEL_REGISTRY[model_name]
        ARCH_CONFIG_REGISTRY[arch_name] = fn
        return fn
    return register_model_arch_fn


from metaseq.models import transformer_lm  # noqa
