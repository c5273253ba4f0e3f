# efficientvit.py - EfficientViT classification models by name
import torch.nn as nn


def efficientvit_cls_b1(**kwargs):
    return nn.Sequential(nn.Conv2d(3, 16, 3), nn.Flatten(), nn.LazyLinear(1000))


def efficientvit_cls_b2(**kwargs):
    return nn.Sequential(nn.Conv2d(3, 24, 3), nn.Flatten(), nn.LazyLinear(1000))


REGISTERED_CLS_MODEL = {
    "efficientvit-b1": efficientvit_cls_b1,
    "efficientvit-b2": efficientvit_cls_b2,
}


def create_efficientvit_cls_model(name, pretrained=True, weight_url=None, **kwargs):
    if name not in REGISTERED_CLS_MODEL:
        raise ValueError(f"Do not find {name} in the model zoo. List of models: {list(REGISTERED_CLS_MODEL.keys())}")
    return REGISTERED_CLS_MODEL[name](**kwargs)
