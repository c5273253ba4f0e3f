# TimesNet: 2D variation modelling of a series' periods.
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, configs):
        super(Model, self).__init__()
        self.seq_len = configs.seq_len
        self.layer = configs.e_layers
        self.projection = nn.Linear(configs.d_model, configs.c_out, bias=True)
