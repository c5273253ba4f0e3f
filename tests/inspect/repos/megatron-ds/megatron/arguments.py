"""Megatron arguments (with the DeepSpeed ones added by deepspeed.add_config_arguments)."""
import argparse

import deepspeed


def parse_args():
    parser = argparse.ArgumentParser(description='Megatron-LM Arguments', allow_abbrev=False)
    group = parser.add_argument_group(title='network size')
    group.add_argument('--num-layers', type=int, default=None)
    group.add_argument('--hidden-size', type=int, default=None)
    group.add_argument('--num-attention-heads', type=int, default=None)
    group.add_argument('--seq-length', type=int, default=None)
    group.add_argument('--max-position-embeddings', type=int, default=None)
    group = parser.add_argument_group(title='training')
    group.add_argument('--micro-batch-size', type=int, default=None)
    group.add_argument('--global-batch-size', type=int, default=None)
    group.add_argument('--train-iters', type=int, default=None)
    group.add_argument('--lr', type=float, default=None)
    group.add_argument('--fp16', action='store_true')
    group.add_argument('--bf16', action='store_true')
    group = parser.add_argument_group(title='data')
    group.add_argument('--data-path', nargs='*', default=None)
    group.add_argument('--vocab-file', type=str, default=None)
    group.add_argument('--merge-file', type=str, default=None)
    group = parser.add_argument_group(title='deepspeed')
    group.add_argument('--zero-stage', type=int, default=1.0)
    parser = deepspeed.add_config_arguments(parser)
    return parser.parse_args()
