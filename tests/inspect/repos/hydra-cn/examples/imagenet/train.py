# Fixture (Hydra application run from its example folder): -cn picks another primary config,
# `_self_` first in its defaults list (the groups override the primary's values), ++key=value.
import hydra
import timm
import torch
import torch.distributed as dist
from omegaconf import DictConfig
from torch.nn.parallel import DistributedDataParallel as DDP
from torchvision import datasets


@hydra.main(version_base=None, config_path="conf", config_name="config")
def main(cfg: DictConfig) -> None:
    dist.init_process_group("nccl")
    model = timm.create_model(cfg.model.name, drop_path_rate=cfg.model.drop_path)
    model = DDP(model.cuda())
    train_set = datasets.ImageFolder(cfg.data_dir)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    for epoch in range(cfg.epochs):
        pass


if __name__ == "__main__":
    main()
