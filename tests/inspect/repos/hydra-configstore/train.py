# train.py - ImageNet classification, the configuration composed by Hydra from conf.py's store
import os

import hydra
import torch
import torch.distributed as dist
import torchvision
from omegaconf import DictConfig

import conf  # noqa: F401  (fills the ConfigStore)


@hydra.main(version_base=None, config_name="train")
def main(cfg: DictConfig):
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    model = torchvision.models.__dict__[cfg.model.arch](num_classes=cfg.model.num_classes).cuda(local_rank)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[local_rank])
    data = torchvision.datasets.ImageFolder(os.path.join(cfg.data_dir, "train"))
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr, momentum=cfg.optim.momentum,
                          weight_decay=cfg.optim.weight_decay)
    scaler = torch.cuda.amp.GradScaler(enabled=cfg.amp)
    for _ in range(cfg.epochs):
        with torch.autocast("cuda", enabled=cfg.amp):
            pass


if __name__ == "__main__":
    main()
