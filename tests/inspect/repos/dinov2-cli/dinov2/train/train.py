"""DINOv2 self-supervised training (sketch): torchrun dinov2/train/train.py --config-file X.yaml [key=value ...]"""
import argparse

import torch

from dinov2.fsdp import get_fsdp_wrapper
from dinov2.models import build_model_from_cfg
from dinov2.utils_config import get_cfg_from_args


def get_args_parser(add_help: bool = True):
    parser = argparse.ArgumentParser("DINOv2 training", add_help=add_help)
    parser.add_argument("--config-file", default="", metavar="FILE", help="path to config file")
    parser.add_argument("--no-resume", action="store_true")
    parser.add_argument("--output-dir", "--output_dir", default="", type=str, help="Output directory to save logs and checkpoints")
    parser.add_argument("opts", help="Modify config options at the end of the command using \"path.key=value\".",
                        default=None, nargs=argparse.REMAINDER)
    return parser


def main(args):
    cfg = get_cfg_from_args(args)
    torch.distributed.init_process_group("nccl")
    student, teacher, embed_dim = build_model_from_cfg(cfg)
    student = get_fsdp_wrapper(cfg.compute_precision.teacher.backbone)(student)
    for epoch in range(cfg.optim.epochs):
        pass


if __name__ == "__main__":
    args = get_args_parser(add_help=True).parse_args()
    main(args)
