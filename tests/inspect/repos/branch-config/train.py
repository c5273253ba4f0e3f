# Pre-trains a small Llama; the size is picked by --size in an if/elif chain.
import argparse

import torch
from transformers import LlamaConfig, LlamaForCausalLM

parser = argparse.ArgumentParser()
parser.add_argument("--size", default="small", choices=["small", "base", "large"])
parser.add_argument("--lr", type=float, default=3e-4)
parser.add_argument("--data", default="/data/tinystories")
args = parser.parse_args()

if args.size == "small":
    config = LlamaConfig(hidden_size=512, intermediate_size=1376, num_hidden_layers=8, num_attention_heads=8,
                         num_key_value_heads=8, vocab_size=32000)
elif args.size == "base":
    config = LlamaConfig(hidden_size=1024, intermediate_size=2752, num_hidden_layers=16, num_attention_heads=16,
                         num_key_value_heads=16, vocab_size=32000)
else:
    config = LlamaConfig(hidden_size=2048, intermediate_size=5504, num_hidden_layers=24, num_attention_heads=16,
                         num_key_value_heads=16, vocab_size=32000)
torch.distributed.init_process_group("nccl")
model = torch.nn.parallel.DistributedDataParallel(LlamaForCausalLM(config).cuda())
