"""Pretrain GPT (Megatron with DeepSpeed)."""
import deepspeed
import torch

from megatron import get_args
from megatron.training import pretrain


def model_provider(pre_process=True, post_process=True):
    args = get_args()
    with deepspeed.zero.Init(config_dict_or_path=args.deepspeed_config, enabled=args.zero_stage == 3):
        model = None
    return model


if __name__ == "__main__":
    pretrain(model_provider, args_defaults={'tokenizer_type': 'GPT2BPETokenizer'})
