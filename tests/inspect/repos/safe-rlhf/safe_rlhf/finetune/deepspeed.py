"""The main training script to run supervised fine-tuning with DeepSpeed."""

import argparse

import deepspeed
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from safe_rlhf.configs.deepspeed_config import get_deepspeed_train_config
from safe_rlhf.utils import str2bool


def parse_arguments():
    parser = argparse.ArgumentParser(
        prog='deepspeed --module safe_rlhf.finetune',
        description='Supervised finetune a model.',
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )

    # Model
    model_parser = parser.add_argument_group('model')
    model_parser.add_argument('--model_name_or_path', type=str, required=True,
                              help='Path to the model checkpoint or its name.')
    model_parser.add_argument('--max_length', type=int, default=512,
                              help='The maximum sequence length of the model.')
    model_parser.add_argument('--trust_remote_code', type=str2bool, default=False,
                              help='Whether to trust the remote code.')

    # Dataset
    dataset_parser = parser.add_argument_group('dataset')
    dataset_parser.add_argument('--train_datasets', type=str, nargs='+', required=True,
                                help='Dataset name(s) registered in the raw dataset.')
    dataset_parser.add_argument('--eval_datasets', type=str, nargs='+', default=None,
                                help='Dataset name(s) registered in the raw dataset.')

    # Training
    training_parser = parser.add_argument_group('training')
    training_parser.add_argument('--epochs', type=int, default=1,
                                 help='Total number of training epochs to perform.')
    training_parser.add_argument('--per_device_train_batch_size', type=int, default=16,
                                 help='Batch size (per device) for the training dataloader.')
    training_parser.add_argument('--per_device_eval_batch_size', type=int, default=16,
                                 help='Batch size (per device) for the evaluation dataloader.')
    training_parser.add_argument('--gradient_accumulation_steps', type=int, default=1,
                                 help='Number of updates steps to accumulate before performing a backward/update pass.')
    training_parser.add_argument('--gradient_checkpointing', action='store_true',
                                 help='Enable HF gradient checkpointing for actor model.')
    training_parser.add_argument('--lr', '--learning_rate', type=float, default=2e-5,
                                 help='Initial learning rate (after the potential warmup period) to use.')
    training_parser.add_argument('--lr_scheduler_type', type=str, default='cosine',
                                 help='The scheduler type to use.')
    training_parser.add_argument('--lr_warmup_ratio', type=float, default=0.0,
                                 help='Ratio of warm steps over total training steps for the lr scheduler.')
    training_parser.add_argument('--weight_decay', type=float, default=1e-6,
                                 help='Weight decay to for the model training.')
    training_parser.add_argument('--seed', type=int, default=42,
                                 help='A seed for reproducible training.')
    training_parser.add_argument('--fp16', type=str2bool, default=False,
                                 help='Whether to use float16 precision.')
    training_parser.add_argument('--bf16', type=str2bool, default=False,
                                 help='Whether to use bfloat16 precision.')
    training_parser.add_argument('--tf32', type=str2bool, default=None,
                                 help='Whether to use tf32 mix precision.')

    # Logging
    logging_parser = parser.add_argument_group('logging')
    logging_parser.add_argument('--output_dir', type=str, default=None,
                                help='Where to store the model.')
    logging_parser.add_argument('--log_type', type=str, choices=['wandb', 'tensorboard'], default=None)
    logging_parser.add_argument('--log_project', type=str, default=None)

    # DeepSpeed
    deepspeed_parser = parser.add_argument_group('deepspeed')
    deepspeed_parser.add_argument('--local_rank', type=int, default=-1,
                                  help='Local rank for distributed training on GPUs')
    deepspeed_parser.add_argument('--zero_stage', type=int, default=0, choices=[0, 1, 2, 3],
                                  help='ZeRO optimization stage for models.')
    deepspeed_parser.add_argument('--offload', type=str, default='none',
                                  choices=['none', 'parameter', 'optimizer', 'all'],
                                  help='Offload parameters and/or optimizer states to CPU.')
    parser = deepspeed.add_config_arguments(parser)

    args = parser.parse_args()
    return args


def main():
    args = parse_arguments()
    deepspeed.init_distributed()

    ds_config = get_deepspeed_train_config(
        micro_batch_size_per_gpu=args.per_device_train_batch_size,
        gradient_accumulation_steps=args.gradient_accumulation_steps,
        stage=args.zero_stage,
        offload=args.offload,
        fp16=args.fp16,
        bf16=args.bf16,
    )

    tokenizer = AutoTokenizer.from_pretrained(args.model_name_or_path, model_max_length=args.max_length)
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path, trust_remote_code=args.trust_remote_code)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    engine, *_ = deepspeed.initialize(model=model, optimizer=optimizer, args=args, config=ds_config)
    for epoch in range(args.epochs):
        pass
