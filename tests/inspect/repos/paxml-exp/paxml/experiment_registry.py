"""Experiments registered by class decorator, looked up by dotted name under paxml/."""
_REGISTRY = {}


def register(cls):
    _REGISTRY[cls.__module__.replace("paxml.", "") + "." + cls.__name__] = cls
    return cls


def get(name):
    return _REGISTRY[name]
