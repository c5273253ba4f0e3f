REGISTRY = {}


def build(cfg):
    return REGISTRY[cfg['kind']](**cfg.get('args', {}))
