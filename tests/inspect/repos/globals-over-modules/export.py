"""Writes a trained model in other formats; its LlamaConfig is read off the model it converts, and its
command line runs only when this file is the program."""
import argparse

import torch


def hf_export(llama_model, filepath):
    from transformers import LlamaConfig
    vocab_size = llama_model.params.vocab_size
    hidden_size = llama_model.params.dim
    num_hidden_layers = llama_model.params.n_layers
    num_attention_heads = llama_model.params.n_heads
    config = LlamaConfig(vocab_size=vocab_size, hidden_size=hidden_size, num_hidden_layers=num_hidden_layers,
                         num_attention_heads=num_attention_heads, hidden_act="silu")
    config.save_pretrained(filepath)


def model_export(model, filepath, version, dtype=torch.float32):
    if version == -1:
        hf_export(model, filepath)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("filepath", type=str)
    parser.add_argument("--version", default=0, type=int)
    parser.add_argument("--dtype", type=str, default="fp32")
    args = parser.parse_args()
