"""CLIP training: `python -m open_clip_train.main --train-data ... --model ViT-B-32`."""
import sys

import torch
from torch.nn.parallel import DistributedDataParallel

from open_clip import create_model_and_transforms
from open_clip_train.params import parse_args


def main(args):
    args = parse_args(args)
    device = "cuda"
    torch.distributed.init_process_group(backend="nccl")
    model, preprocess_train, preprocess_val = create_model_and_transforms(
        args.model, args.pretrained, precision=args.precision, device=device)
    model = DistributedDataParallel(model, device_ids=[device])
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.wd)
    for epoch in range(args.epochs):
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
