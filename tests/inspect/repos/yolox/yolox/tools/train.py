"""python -m yolox.tools.train -n yolox-s -d 8 -b 64 --fp16 -o [-c yolox_s.pth]"""
import argparse

import torch

from yolox.core import launch
from yolox.exp import get_exp


def make_parser():
    parser = argparse.ArgumentParser("YOLOX train parser")
    parser.add_argument("-expn", "--experiment-name", type=str, default=None)
    parser.add_argument("-n", "--name", type=str, default=None, help="model name")
    parser.add_argument("-b", "--batch-size", type=int, default=64, help="batch size")
    parser.add_argument("-d", "--devices", default=None, type=int, help="device for training")
    parser.add_argument("-f", "--exp_file", default=None, type=str, help="plz input your experiment description file")
    parser.add_argument("-c", "--ckpt", default=None, type=str, help="checkpoint file")
    parser.add_argument("--fp16", dest="fp16", default=False, action="store_true", help="Adopting mix precision training.")
    parser.add_argument("-o", "--occupy", dest="occupy", default=False, action="store_true", help="occupy GPU memory first for training.")
    parser.add_argument("opts", help="Modify config options using the command-line", default=None, nargs=argparse.REMAINDER)
    return parser


def main(exp, args):
    trainer = exp.get_trainer(args)
    trainer.train()


if __name__ == "__main__":
    args = make_parser().parse_args()
    exp = get_exp(args.exp_file, args.name)
    exp.merge(args.opts)
    num_gpu = torch.cuda.device_count() if args.devices is None else args.devices
    launch(main, num_gpu, args.num_machines if hasattr(args, "num_machines") else 1, backend="nccl", args=(exp, args))
