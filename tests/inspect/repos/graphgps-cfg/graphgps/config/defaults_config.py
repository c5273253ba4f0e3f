from torch_geometric.graphgym.register import register_config


@register_config('overwrite_defaults')
def overwrite_defaults_cfg(cfg):
    cfg.train.mode = 'custom'
    cfg.dataset.split_mode = 'standard'
    cfg.optim.max_epoch = 200
