"""Pretrain GPT."""
import torch

from megatron.training import pretrain
from megatron.arguments import core_transformer_config_from_args


def model_provider(pre_process=True, post_process=True):
    return None


if __name__ == "__main__":
    pretrain(model_provider)
