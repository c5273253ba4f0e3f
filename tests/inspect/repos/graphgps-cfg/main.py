import logging
import torch
from torch_geometric.graphgym.cmd_args import parse_args
from torch_geometric.graphgym.config import cfg, dump_cfg, load_cfg, set_cfg
from torch_geometric.graphgym.loader import create_loader
from torch_geometric.graphgym.model_builder import create_model
from torch_geometric.graphgym.optim import create_optimizer, create_scheduler
from torch_geometric.graphgym.register import train_dict

import graphgps  # noqa, registers the custom modules


if __name__ == '__main__':
    args = parse_args()
    set_cfg(cfg)
    load_cfg(cfg, args)
    dump_cfg(cfg)
    torch.set_num_threads(cfg.num_threads)
    loaders = create_loader()
    model = create_model()
    optimizer = create_optimizer(model.parameters(), cfg.optim)
    scheduler = create_scheduler(optimizer, cfg.optim)
    logging.info(cfg)
    train_dict[cfg.train.mode](model, loaders, optimizer, scheduler)
