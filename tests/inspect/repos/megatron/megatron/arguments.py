"""Megatron arguments."""
import argparse


def add_args(parser):
    group = parser.add_argument_group(title='network size')
    group.add_argument('--num-layers', type=int, default=None)
    group.add_argument('--hidden-size', type=int, default=None)
    group.add_argument('--num-attention-heads', type=int, default=None)
    group.add_argument('--micro-batch-size', type=int, default=None)
    group.add_argument('--lr', type=float, default=None)
    group.add_argument('--fp16', action='store_true')
    group.add_argument('--tensor-model-parallel-size', type=int, default=1)
    return parser


def core_transformer_config_from_args(args):
    return args
