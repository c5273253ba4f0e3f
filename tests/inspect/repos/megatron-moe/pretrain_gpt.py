"""Pretrain a GPT-style model (dense or mixture of experts) with Megatron."""
from functools import partial

import torch

from megatron.training.arguments import parse_args
from megatron.training.training import pretrain


def model_provider(pre_process=True, post_process=True):
    args = parse_args()
    return None


if __name__ == "__main__":
    pretrain(model_provider)
