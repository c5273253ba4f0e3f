"""Pretrain GPT (sketch of the Megatron entry): arguments come from megatron.training."""
from functools import partial

from megatron.training import get_args, pretrain
from megatron.core.models.gpt import GPTModel


def model_provider(pre_process=True, post_process=True):
    args = get_args()
    return GPTModel(num_layers=args.num_layers, hidden_size=args.hidden_size,
                    num_attention_heads=args.num_attention_heads,
                    max_sequence_length=args.max_position_embeddings,
                    pre_process=pre_process, post_process=post_process)


def forward_step(data_iterator, model):
    tokens, labels = next(data_iterator)
    return model(tokens, labels=labels), partial(lambda x: x)


if __name__ == "__main__":
    pretrain(model_provider, forward_step, args_defaults={"tokenizer_type": "GPT2BPETokenizer"})
