import argparse
import math

from transformers.trainer import get_scheduler

from openrlhf.models import Actor
from openrlhf.utils import blending_datasets, get_strategy


def train(args):
    strategy = get_strategy(args)
    model = Actor(args.pretrain, use_flash_attention_2=args.flash_attn, bf16=args.bf16)
    train_data = blending_datasets(args.dataset, args.dataset_probs, strategy)
    optim = strategy.create_optimizer(model, lr=args.learning_rate, betas=args.adam_betas, weight_decay=args.l2)
    num_update_steps_per_epoch = len(train_data) // args.train_batch_size
    max_steps = math.ceil(args.max_epochs * num_update_steps_per_epoch)
    scheduler = get_scheduler(args.lr_scheduler, optim, num_warmup_steps=math.ceil(max_steps * 0.03))
    (model, optim, scheduler) = strategy.prepare((model, optim, scheduler))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    # DeepSpeed
    parser.add_argument("--save_path", type=str, default="./ckpt")
    parser.add_argument("--micro_train_batch_size", type=int, default=8, help="batch size per GPU")
    parser.add_argument("--train_batch_size", type=int, default=128, help="Global training batch size")
    parser.add_argument("--max_norm", type=float, default=1.0, help="Gradient clipping")
    parser.add_argument("--gradient_checkpointing", action="store_true", default=False)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--local_rank", type=int, default=-1, help="local_rank for deepspeed")
    parser.add_argument("--zero_stage", type=int, default=2, help="DeepSpeed ZeRO stage")
    parser.add_argument("--bf16", action="store_true", default=False, help="Enable bfloat16")
    parser.add_argument("--adam_offload", action="store_true", default=False)
    parser.add_argument("--flash_attn", action="store_true", default=False)
    # SFT
    parser.add_argument("--max_epochs", type=int, default=2)
    parser.add_argument("--pretrain", type=str, default=None)
    parser.add_argument("--learning_rate", type=float, default=5e-6)
    parser.add_argument("--lr_scheduler", type=str, default="cosine_with_min_lr")
    parser.add_argument("--l2", type=float, default=0, help="weight decay loss")
    parser.add_argument("--adam_betas", type=float, nargs=2, default=(0.9, 0.95))
    # custom dataset
    parser.add_argument("--dataset", type=str, default=None)
    parser.add_argument("--dataset_probs", type=str, default="1.0")
    parser.add_argument("--input_key", type=str, default="input")
    parser.add_argument("--output_key", type=str, default=None)
    parser.add_argument("--max_samples", type=int, default=1e8)
    parser.add_argument("--max_len", type=int, default=2048)
    args = parser.parse_args()
    train(args)
