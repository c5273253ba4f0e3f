"""Pre-train a LLaMA-shaped model on C4 with a memory-saving optimizer."""
import argparse
import os

import torch
import torch.distributed as dist
import datasets
import transformers
from transformers import AutoConfig, AutoTokenizer, LlamaForCausalLM

from peft_pretraining import training_utils


def parse_args(args):
    parser = argparse.ArgumentParser()
    parser.add_argument("--model_config", type=str, required=True)
    parser.add_argument("--continue_from", type=str, default=None)
    parser.add_argument("--batch_size", type=int, required=True)
    parser.add_argument("--gradient_accumulation", type=int, default=None)
    parser.add_argument("--total_batch_size", type=int, default=None)
    parser.add_argument("--max_length", type=int, default=256)
    parser.add_argument("--optimizer", default="Adam")
    parser.add_argument("--lr", type=float, default=1e-4)
    parser.add_argument("--scheduler", type=str, default="cosine", choices=["linear", "cosine", "cosine_restarts"])
    parser.add_argument("--min_lr_ratio", type=float, default=0.1)
    parser.add_argument("--activation_checkpointing", action="store_true")
    parser.add_argument("--weight_decay", type=float, default=0.0)
    parser.add_argument("--warmup_steps", type=int, default=1_000)
    parser.add_argument("--eval_every", type=int, default=5_000)
    parser.add_argument("--num_training_steps", type=int, default=10_000,
                        help="Number of **update steps** to train for.")
    parser.add_argument("--save_every", type=int, default=10_000)
    parser.add_argument("--save_dir", type=str, default=None)
    parser.add_argument("--dtype", type=str, default="bfloat16" if torch.cuda.is_bf16_supported() else "float32")
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rank", type=int, default=128)
    parser.add_argument("--update_proj_gap", type=int, default=50)
    parser.add_argument("--galore_scale", type=float, default=1.0)
    parser.add_argument("--proj_type", type=str, default="std")
    parser.add_argument("--grad_clipping", type=float, default=0.0)
    args = parser.parse_args(args)
    return args


def main(args):
    torch.manual_seed(args.seed)
    assert "LOCAL_RANK" in os.environ, "torchrun should set LOCAL_RANK"
    global_rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    torch.cuda.set_device(local_rank)
    dist.init_process_group(backend="nccl", rank=global_rank, world_size=world_size)
    device = f"cuda:{local_rank}"

    if args.total_batch_size is not None and args.gradient_accumulation is None:
        args.gradient_accumulation = args.total_batch_size // (args.batch_size * world_size)

    data = datasets.load_dataset("allenai/c4", "en", split="train", streaming=True)
    tokenizer = AutoTokenizer.from_pretrained("t5-base", model_max_length=args.max_length)

    model_config = AutoConfig.from_pretrained(args.model_config)
    model = LlamaForCausalLM(model_config)
    if args.activation_checkpointing:
        model.gradient_checkpointing_enable()
    if args.dtype in ["bf16", "bfloat16"]:
        model = model.to(device=device, dtype=torch.bfloat16)
    else:
        model = model.to(device=device)

    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[local_rank], output_device=local_rank,
                                                      broadcast_buffers=False)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    scheduler = training_utils.get_scheduler(optimizer, scheduler_type=args.scheduler,
                                             num_training_steps=args.num_training_steps,
                                             warmup_steps=args.warmup_steps, min_lr_ratio=args.min_lr_ratio)
    for step, batch in enumerate(data):
        loss = model(**batch, labels=batch["input_ids"]).loss
        (loss / args.gradient_accumulation).backward()
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        if step >= args.num_training_steps:
            break


if __name__ == "__main__":
    args = parse_args(None)
    main(args)
