"""Decoder-only language model and its named architectures."""
from dataclasses import dataclass, field

import torch.nn as nn

from metaseq.dataclass import MetaseqDataclass
from metaseq.models import register_model, register_model_architecture


def safe_getattr(obj, k, default=None):
    return getattr(obj, k, default) if getattr(obj, k, None) is not None else default


@dataclass
class TransformerLanguageModelConfig(MetaseqDataclass):
    dropout: float = field(default=0.1, metadata={"help": "dropout probability"})
    decoder_embed_dim: int = field(default=512, metadata={"help": "decoder embedding dimension"})
    decoder_ffn_embed_dim: int = field(default=2048, metadata={"help": "decoder embedding dimension for FFN"})
    decoder_layers: int = field(default=6, metadata={"help": "num decoder layers"})
    decoder_attention_heads: int = field(default=8, metadata={"help": "num decoder attention heads"})
    decoder_learned_pos: bool = field(default=False, metadata={"help": "use learned positional embeddings"})
    share_decoder_input_output_embed: bool = field(default=False, metadata={"help": "share decoder input and output embeddings"})


@register_model("transformer_lm", dataclass=TransformerLanguageModelConfig)
class TransformerLanguageModel(nn.Module):
    @classmethod
    def add_args(cls, parser):
        from metaseq.dataclass.utils import gen_parser_from_dataclass
        gen_parser_from_dataclass(parser, TransformerLanguageModelConfig())


@register_model_architecture("transformer_lm", "transformer_lm")
def base_lm_architecture(args):
    args.dropout = safe_getattr(args, "dropout", 0.1)
    args.decoder_embed_dim = safe_getattr(args, "decoder_embed_dim", 512)
    args.decoder_ffn_embed_dim = safe_getattr(args, "decoder_ffn_embed_dim", 2048)
    args.decoder_layers = safe_getattr(args, "decoder_layers", 6)
    args.decoder_attention_heads = safe_getattr(args, "decoder_attention_heads", 8)


@register_model_architecture("transformer_lm", "transformer_lm_gpt")
def transformer_lm_gpt(args):
    args.decoder_embed_dim = safe_getattr(args, "decoder_embed_dim", 768)
    args.decoder_ffn_embed_dim = safe_getattr(args, "decoder_ffn_embed_dim", 3072)
    args.decoder_layers = safe_getattr(args, "decoder_layers", 12)
    args.decoder_attention_heads = safe_getattr(args, "decoder_attention_heads", 12)
    args.decoder_learned_pos = True
    base_lm_architecture(args)


@register_model_architecture("transformer_lm", "transformer_lm_gpt2_big")
def transformer_lm_gpt2_big(args):
    args.decoder_embed_dim = safe_getattr(args, "decoder_embed_dim", 1600)
    args.decoder_ffn_embed_dim = safe_getattr(args, "decoder_ffn_embed_dim", 6400)
    args.decoder_layers = safe_getattr(args, "decoder_layers", 48)
    args.decoder_attention_heads = safe_getattr(args, "decoder_attention_heads", 25)
    transformer_lm_gpt(args)
