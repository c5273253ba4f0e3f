"""LoRA fine-tuning of CogVideoX with diffusers and Accelerate."""
import argparse
import math

import torch
from accelerate import Accelerator
from accelerate.utils import ProjectConfiguration, set_seed
from diffusers import CogVideoXPipeline, CogVideoXTransformer3DModel
from peft import LoraConfig


def get_args():
    parser = argparse.ArgumentParser(description="Simple example of a training script for CogVideoX.")
    parser.add_argument("--pretrained_model_name_or_path", type=str, default=None, required=True)
    parser.add_argument("--cache_dir", type=str, default=None)
    parser.add_argument("--instance_data_root", type=str, default=None, help="A folder containing the training data.")
    parser.add_argument("--caption_column", type=str, default="text")
    parser.add_argument("--video_column", type=str, default="video")
    parser.add_argument("--validation_prompt", type=str, default=None)
    parser.add_argument("--validation_prompt_separator", type=str, default=":::")
    parser.add_argument("--num_validation_videos", type=int, default=1)
    parser.add_argument("--validation_epochs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=None, help="A seed for reproducible training.")
    parser.add_argument("--rank", type=int, default=128, help="The dimension of the LoRA update matrices.")
    parser.add_argument("--lora_alpha", type=float, default=128)
    parser.add_argument("--mixed_precision", type=str, default=None, choices=["no", "fp16", "bf16"],
                        help="Whether to use mixed precision. Default to the value of accelerate config.")
    parser.add_argument("--output_dir", type=str, default="cogvideox-lora")
    parser.add_argument("--height", type=int, default=480)
    parser.add_argument("--width", type=int, default=720)
    parser.add_argument("--fps", type=int, default=8)
    parser.add_argument("--max_num_frames", type=int, default=49)
    parser.add_argument("--train_batch_size", type=int, default=4, help="Batch size (per device) for the training dataloader.")
    parser.add_argument("--num_train_epochs", type=int, default=1)
    parser.add_argument("--max_train_steps", type=int, default=None)
    parser.add_argument("--checkpointing_steps", type=int, default=500)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument("--gradient_checkpointing", action="store_true")
    parser.add_argument("--learning_rate", type=float, default=1e-4)
    parser.add_argument("--lr_scheduler", type=str, default="constant")
    parser.add_argument("--lr_warmup_steps", type=int, default=500)
    parser.add_argument("--lr_num_cycles", type=int, default=1)
    parser.add_argument("--enable_slicing", action="store_true")
    parser.add_argument("--enable_tiling", action="store_true")
    parser.add_argument("--optimizer", type=lambda s: s.lower(), default="adam", choices=["adam", "adamw", "prodigy"])
    parser.add_argument("--adam_beta1", type=float, default=0.9)
    parser.add_argument("--adam_beta2", type=float, default=0.95)
    parser.add_argument("--adam_weight_decay", type=float, default=1e-04)
    parser.add_argument("--max_grad_norm", default=1.0, type=float)
    parser.add_argument("--allow_tf32", action="store_true")
    parser.add_argument("--report_to", type=str, default=None)
    return parser.parse_args()


def main(args):
    accelerator = Accelerator(
        gradient_accumulation_steps=args.gradient_accumulation_steps,
        mixed_precision=args.mixed_precision,
        log_with=args.report_to,
        project_config=ProjectConfiguration(project_dir=args.output_dir),
    )
    if args.seed is not None:
        set_seed(args.seed)
    weight_dtype = torch.float32
    if accelerator.state.deepspeed_plugin:
        if accelerator.state.deepspeed_plugin.deepspeed_config.get("bf16", {}).get("enabled"):
            weight_dtype = torch.bfloat16
    elif accelerator.mixed_precision == "bf16":
        weight_dtype = torch.bfloat16
    transformer = CogVideoXTransformer3DModel.from_pretrained(
        args.pretrained_model_name_or_path, subfolder="transformer", torch_dtype=weight_dtype, cache_dir=args.cache_dir
    )
    transformer.add_adapter(LoraConfig(r=args.rank, lora_alpha=args.lora_alpha, target_modules=["to_k", "to_q", "to_v", "to_out.0"]))
    optimizer = torch.optim.Adam(transformer.parameters(), lr=args.learning_rate, betas=(args.adam_beta1, args.adam_beta2))
    transformer, optimizer = accelerator.prepare(transformer, optimizer)
    for epoch in range(args.num_train_epochs):
        accelerator.backward(transformer(torch.zeros(1)).sum())
        optimizer.step()


if __name__ == "__main__":
    main(get_args())
