"""Pretrains an OpenLM model (fixture): FSDP when --fsdp, webdataset shards from manifests."""
import sys

import torch
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP

from open_lm.model import create_model
from open_lm.params import parse_args


def main(argv):
    args = parse_args(argv)
    dist.init_process_group("nccl")
    model = create_model(args)
    if args.fsdp:
        model = FSDP(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.wd)


if __name__ == "__main__":
    main(sys.argv[1:])
