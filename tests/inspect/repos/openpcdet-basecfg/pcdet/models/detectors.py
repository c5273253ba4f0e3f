import torch.nn as nn


class PVRCNN(nn.Module):
    def __init__(self, model_cfg, num_class, dataset):
        super().__init__()


class SECONDNet(nn.Module):
    def __init__(self, model_cfg, num_class, dataset):
        super().__init__()


__all__ = {'PVRCNN': PVRCNN, 'SECONDNet': SECONDNet}


def build_detector(model_cfg, num_class, dataset):
    return __all__[model_cfg.NAME](model_cfg=model_cfg, num_class=num_class, dataset=dataset)
