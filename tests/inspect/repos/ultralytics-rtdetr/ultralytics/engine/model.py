import torch.nn as nn


class Model(nn.Module):
    def __init__(self, model="yolo11n.pt", task=None):
        super().__init__()
        self.model_name = model

    def train(self, **kwargs):
        from ultralytics.engine.trainer import BaseTrainer
        return BaseTrainer(kwargs).train()
