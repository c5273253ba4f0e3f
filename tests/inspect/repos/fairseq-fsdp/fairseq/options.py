"""Fixture: fairseq's training options."""
import argparse


def get_training_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("data", help="colon separated path to data directories list")
    parser.add_argument("--arch", "-a", metavar="ARCH", help="model architecture")
    parser.add_argument("--optimizer", default="nag")
    parser.add_argument("--lr", type=float, nargs="+", default=[0.25], help="learning rate")
    parser.add_argument("--max-tokens", type=int, metavar="N", help="maximum number of tokens in a batch")
    parser.add_argument("--max-epoch", type=int, default=0, help="force stop training at specified epoch")
    parser.add_argument("--dropout", type=float, default=0.1)
    parser.add_argument("--fp16", action="store_true", help="use FP16")
    parser.add_argument("--distributed-world-size", type=int, default=1)
    return parser


def parse_args_and_arch(parser):
    return parser.parse_args()
