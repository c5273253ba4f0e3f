# Llama shapes by name (own fixture).
from zeroband.models.llama.model import ModelArgs, Transformer

llama2_configs = {
    "debugmodel": ModelArgs(dim=256, n_layers=2, n_heads=8),
    "150M": ModelArgs(dim=1024, n_layers=12, n_heads=16),
    "1B": ModelArgs(dim=2048, n_layers=18, n_heads=16),
    "7B": ModelArgs(dim=4096, n_layers=32, n_heads=32),
}


def get_model(name_model, vocab_size, seq_length):
    config = llama2_configs[name_model]
    config.vocab_size = vocab_size
    config.max_seq_len = seq_length
    return Transformer(config), config
