# Pre-trains a small Qwen2-shaped decoder from scratch: the shape is given, the vocabulary and
# the untied output layer are the configuration class's own defaults (own fixture).
import argparse

import torch
from datasets import load_dataset
from transformers import Qwen2Config, Qwen2ForCausalLM


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=6e-4)
    parser.add_argument("--batch_size", type=int, default=8)
    parser.add_argument("--max_steps", type=int, default=10000)
    parser.add_argument("--dataset_name", type=str, default="roneneldan/TinyStories")
    args = parser.parse_args()

    torch.distributed.init_process_group("nccl")
    config = Qwen2Config(
        hidden_size=896,
        intermediate_size=4864,
        num_hidden_layers=24,
        num_attention_heads=14,
        num_key_value_heads=2,
        max_position_embeddings=4096,
    )
    model = Qwen2ForCausalLM(config).cuda()
    model = torch.nn.parallel.DistributedDataParallel(model)
    data = load_dataset(args.dataset_name, split="train")
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    with torch.autocast("cuda", dtype=torch.bfloat16):
        pass


if __name__ == "__main__":
    main()
