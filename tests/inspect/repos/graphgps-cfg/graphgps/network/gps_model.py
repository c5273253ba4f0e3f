import torch
from torch_geometric.graphgym.register import register_network


@register_network('GPSModel')
class GPSModel(torch.nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self.layers = torch.nn.ModuleList()
