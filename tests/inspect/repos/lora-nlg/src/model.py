import torch.nn as nn


class GPT2Config(object):
    def __init__(self, vocab_size_or_config_json_file=50257, n_positions=1024, n_ctx=1024, n_embd=768, n_layer=12, n_head=12, layer_norm_epsilon=1e-5, initializer_range=0.02, lora_attn_dim=0, lora_attn_alpha=128, lora_dropout=0.0, **kwargs):
        self.n_embd = n_embd


class GPT2LMModel(nn.Module):
    def __init__(self, config):
        super().__init__()
