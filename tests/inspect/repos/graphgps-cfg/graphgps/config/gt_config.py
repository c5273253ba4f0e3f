from torch_geometric.graphgym.register import register_config
from yacs.config import CfgNode as CN


@register_config('cfg_gt')
def set_cfg_gt(cfg):
    cfg.gt = CN()
    cfg.gt.layer_type = 'SANLayer'
    cfg.gt.layers = 3
    cfg.gt.n_heads = 8
    cfg.gt.dim_hidden = 64
    cfg.gt.dropout = 0.0
