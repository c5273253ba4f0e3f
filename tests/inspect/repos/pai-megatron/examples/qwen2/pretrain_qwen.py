# Copyright (c) 2023 Alibaba PAI Team.
from functools import partial

import torch

from megatron.core.enums import ModelType
from megatron.training import get_args, pretrain
from megatron_patch.arguments import get_patch_args
from megatron_patch.model.qwen2.model import GPTModel


def model_provider(pre_process=True, post_process=True):
    args = get_args()
    config = core_transformer_config_from_args(args)
    model = GPTModel(config, vocab_size=args.padded_vocab_size, max_sequence_length=args.max_position_embeddings,
                     pre_process=pre_process, post_process=post_process,
                     share_embeddings_and_output_weights=not args.untie_embeddings_and_output_weights)
    return model


def forward_step(data_iterator, model):
    tokens, labels = next(data_iterator)
    output_tensor = model(tokens, labels=labels)
    return output_tensor, partial(torch.mean)


if __name__ == "__main__":
    from megatron_patch.template.helper import train_valid_test_datasets_provider
    train_valid_test_datasets_provider.is_distributed = True
    pretrain(train_valid_test_datasets_provider, model_provider, ModelType.encoder_or_decoder, forward_step,
             extra_args_provider=get_patch_args)
