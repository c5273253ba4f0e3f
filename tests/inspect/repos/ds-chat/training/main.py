"""DeepSpeed-Chat style SFT: the ZeRO stage is a flag passed into a function that builds the config
(learned from microsoft/DeepSpeedExamples applications/DeepSpeed-Chat)."""
import argparse

import deepspeed
import torch
from transformers import AutoModelForCausalLM

from utils.ds_utils import get_train_ds_config


def parse_args():
    parser = argparse.ArgumentParser(description="Finetune a transformers model on a causal language modeling task")
    parser.add_argument('--data_path', nargs='*', default=['Dahoas/rm-static'], help='Path to the training dataset.')
    parser.add_argument("--model_name_or_path", type=str, required=True)
    parser.add_argument("--per_device_train_batch_size", type=int, default=16)
    parser.add_argument("--max_seq_len", type=int, default=512)
    parser.add_argument("--learning_rate", type=float, default=1e-3)
    parser.add_argument("--num_train_epochs", type=int, default=1)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument("--output_dir", type=str, default=None)
    parser.add_argument('--zero_stage', type=int, default=0, help='ZeRO optimization stage for Actor model (and clones).')
    parser.add_argument('--offload', action='store_true')
    parser = deepspeed.add_config_arguments(parser)
    return parser.parse_args()


def main():
    args = parse_args()
    ds_config = get_train_ds_config(offload=args.offload, stage=args.zero_stage)
    ds_config['train_micro_batch_size_per_gpu'] = args.per_device_train_batch_size
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path)
    model, optimizer, _, lr_scheduler = deepspeed.initialize(model=model, config=ds_config)


if __name__ == "__main__":
    main()
