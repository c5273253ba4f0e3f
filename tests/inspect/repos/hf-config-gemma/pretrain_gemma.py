# Pre-trains a small Gemma-shaped decoder from scratch: depth, width and the single key/value head
# are given; the vocabulary, the head width and the tied embeddings are the class's own defaults.
import argparse

import torch
from transformers import GemmaConfig, GemmaForCausalLM


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--learning_rate", type=float, default=3e-4)
    parser.add_argument("--micro_batch_size", type=int, default=4)
    parser.add_argument("--train_files", type=str, nargs="+", default=["data/train.bin"])
    args = parser.parse_args()
    torch.distributed.init_process_group("nccl")
    cfg = GemmaConfig(hidden_size=2048, intermediate_size=16384, num_hidden_layers=18,
                      num_attention_heads=8, num_key_value_heads=1)
    model = GemmaForCausalLM(cfg).to(torch.bfloat16).cuda()
    model = torch.nn.parallel.DistributedDataParallel(model)
    return model, args


if __name__ == "__main__":
    main()
