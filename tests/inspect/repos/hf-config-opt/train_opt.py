# Pre-trains an OPT-shaped decoder at the 1.3B size: width, depth, heads and the MLP width (ffn_dim)
# are given; the vocabulary (50272) and the tied output layer are the configuration class's defaults.
import argparse

import torch
from transformers import OPTConfig, OPTForCausalLM


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--lr", type=float, default=2e-4)
    p.add_argument("--seq_len", type=int, default=2048)
    args = p.parse_args()
    torch.distributed.init_process_group("nccl")
    config = OPTConfig(hidden_size=2048, num_hidden_layers=24, ffn_dim=8192, num_attention_heads=32)
    model = torch.nn.parallel.DistributedDataParallel(OPTForCausalLM(config).cuda())
    with torch.autocast("cuda", dtype=torch.float16):
        pass
    return model, args


if __name__ == "__main__":
    main()
