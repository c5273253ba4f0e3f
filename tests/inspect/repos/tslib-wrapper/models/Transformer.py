# The vanilla Transformer baseline.
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, configs):
        super(Model, self).__init__()
        self.projection = nn.Linear(configs.d_model, configs.c_out, bias=True)
