"""Full fine-tuning with PyTorch FSDP (bf16 mixed precision)."""
import argparse
import functools
import os

import torch
import torch.distributed as dist
from datasets import load_dataset
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP, MixedPrecision
from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy
from transformers import AutoModelForCausalLM
from transformers.models.llama.modeling_llama import LlamaDecoderLayer

parser = argparse.ArgumentParser()
parser.add_argument("--model_name", required=True)
parser.add_argument("--dataset", default="yahma/alpaca-cleaned")
parser.add_argument("--lr", type=float, default=1e-5)
parser.add_argument("--epochs", type=int, default=1)
parser.add_argument("--per_device_batch_size", type=int, default=1)
parser.add_argument("--max_seq_len", type=int, default=2048)
args = parser.parse_args()

dist.init_process_group("nccl")
torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
model = AutoModelForCausalLM.from_pretrained(args.model_name, torch_dtype=torch.bfloat16)
bf16 = MixedPrecision(param_dtype=torch.bfloat16, reduce_dtype=torch.bfloat16, buffer_dtype=torch.bfloat16)
wrap = functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={LlamaDecoderLayer})
model = FSDP(model, auto_wrap_policy=wrap, mixed_precision=bf16, device_id=torch.cuda.current_device())
data = load_dataset(args.dataset, split="train")
opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
