"""Entry: reads the config and starts one process per GPU."""
import torch
from torch.nn.parallel import DistributedDataParallel

from videonet.utils.parser import load_config, parse_args


def train(cfg):
    model = torch.nn.Conv3d(3, 64, 3)
    if cfg.NUM_GPUS > 1:
        model = DistributedDataParallel(model)


def main():
    args = parse_args()
    for path in args.cfg_files:
        cfg = load_config(args, path)
        torch.multiprocessing.spawn(train, nprocs=cfg.NUM_GPUS, args=(cfg,))


if __name__ == "__main__":
    main()
