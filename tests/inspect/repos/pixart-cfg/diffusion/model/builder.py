from mmcv import Registry

MODELS = Registry('models')


def build_model(cfg, use_grad_checkpoint=False, **kwargs):
    if isinstance(cfg, str):
        cfg = dict(type=cfg)
    return MODELS.build(cfg, default_args=kwargs)
