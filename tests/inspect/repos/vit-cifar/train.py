# coding=utf-8
"""Fine-tunes a pretrained ViT on CIFAR; apex amp when --fp16, DDP under torch.distributed.launch."""
import argparse

import torch
from apex import amp
from apex.parallel import DistributedDataParallel as DDP

from models.modeling import VisionTransformer, CONFIGS
from utils.data_utils import get_loader


def setup(args):
    config = CONFIGS[args.model_type]
    num_classes = 10 if args.dataset == "cifar10" else 100
    model = VisionTransformer(config, args.img_size, num_classes=num_classes)
    return args, model


def train(args, model):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.learning_rate, momentum=0.9, weight_decay=args.weight_decay)
    if args.fp16:
        model, optimizer = amp.initialize(models=model, optimizers=optimizer, opt_level=args.fp16_opt_level)
    if args.local_rank != -1:
        model = DDP(model, message_size=250000000, gradient_predivide_factor=torch.distributed.get_world_size())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", required=True, help="Name of this run. Used for monitoring.")
    parser.add_argument("--dataset", choices=["cifar10", "cifar100"], default="cifar10", help="Which downstream task.")
    parser.add_argument("--model_type", choices=["ViT-B_16", "ViT-B_32", "ViT-L_16", "ViT-L_32", "ViT-H_14", "R50-ViT-B_16"],
                        default="ViT-B_16", help="Which variant to use.")
    parser.add_argument("--pretrained_dir", type=str, default="checkpoint/ViT-B_16.npz")
    parser.add_argument("--img_size", default=224, type=int)
    parser.add_argument("--train_batch_size", default=512, type=int)
    parser.add_argument("--learning_rate", default=3e-2, type=float)
    parser.add_argument("--weight_decay", default=0, type=float)
    parser.add_argument("--num_steps", default=10000, type=int)
    parser.add_argument("--warmup_steps", default=500, type=int)
    parser.add_argument("--local_rank", type=int, default=-1)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument('--fp16', action='store_true')
    parser.add_argument('--fp16_opt_level', type=str, default='O2')
    args = parser.parse_args()
    if args.local_rank != -1:
        torch.distributed.init_process_group(backend='nccl')
    args, model = setup(args)
    train(args, model)


if __name__ == "__main__":
    main()
