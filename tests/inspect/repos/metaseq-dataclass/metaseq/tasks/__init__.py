TASK_REGISTRY = {}


def register_task(name, dataclass=None):
    def register_task_cls(cls):
        TASK_REGISTRY[name] = cls
        return cls
    return register_task_cls


def setup_task(cfg):
    return TASK_REGISTRY[cfg._name].setup_task(cfg)


from metaseq.tasks import streaming_language_modeling  # noqa
