"""DeepSpeed configuration for training and evaluation."""

import copy
import json
import pathlib

TEMPLATE_DIR = pathlib.Path(__file__).absolute().parent
TRAIN_TEMPLATE_FILE = TEMPLATE_DIR / 'ds_train_config_template.json'


def get_deepspeed_train_config(
    *,
    micro_batch_size_per_gpu=16,
    gradient_accumulation_steps=1,
    stage=3,
    offload='none',
    enable_hybrid_engine=False,
    max_length=512,
    fp16=False,
    bf16=False,
):
    with TRAIN_TEMPLATE_FILE.open(mode='rt', encoding='utf-8') as f:
        train_config = json.load(f)
    train_config['train_batch_size'] = None
    train_config['train_micro_batch_size_per_gpu'] = micro_batch_size_per_gpu
    train_config['gradient_accumulation_steps'] = gradient_accumulation_steps
    train_config['zero_optimization']['stage'] = stage
    if fp16 or 'fp16' in train_config:
        train_config.setdefault('fp16', {})
        train_config['fp16']['enabled'] = fp16
    if bf16 or 'bf16' in train_config:
        train_config.setdefault('bf16', {})
        train_config['bf16']['enabled'] = bf16
    return train_config
