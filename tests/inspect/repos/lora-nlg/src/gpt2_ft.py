# GPT-2 fine-tuning with low-rank adapters on E2E; the model size is chosen by --model_card.
import argparse
import os
import time

import torch
from torch.utils.data import DataLoader

from data_utils import FT_Dataset
from gpu import add_gpu_params, distributed_opt, distributed_sync, parse_gpu
from model import GPT2Config, GPT2LMModel
from optimizer import add_optimizer_params, create_adam_optimizer_from_args, create_optimizer_scheduler

parser = argparse.ArgumentParser(description='PyTorch GPT2 ft script')

add_gpu_params(parser)
add_optimizer_params(parser)

parser.add_argument('--train_data', required=True, help='location of training data corpus')
parser.add_argument('--valid_data', required=True, help='location of validation data corpus')
parser.add_argument('--train_batch_size', type=int, default=8, help='training batch size')
parser.add_argument('--valid_batch_size', type=int, default=4, help='validation batch size')
parser.add_argument('--grad_acc', type=int, default=1, help='gradient accumulation steps')
parser.add_argument('--clip', type=float, default=0.0, help='gradient clip')
parser.add_argument('--seq_len', type=int, default=512, help='number of tokens to predict.')
parser.add_argument('--model_card', default='gpt2.md', choices=['gpt2.sm', 'gpt2.md', 'gpt2.lg'], help='model names')
parser.add_argument('--init_checkpoint', default=None, help='pretrained checkpoint path')
parser.add_argument('--fp16', action='store_true', help='train model with fp16')
parser.add_argument('--log_interval', type=int, default=100, help='log interval')
parser.add_argument('--save_interval', type=int, default=500, help='save interval')
parser.add_argument('--lora_dim', type=int, default=0, help='lora attn dimension')
parser.add_argument('--lora_alpha', type=int, default=128, help='lora attn alpha')
parser.add_argument('--work_dir', type=str, default=os.getenv('PT_OUTPUT_DIR', 'gpt2_model'), help='working folder.')
parser.add_argument('--lora_dropout', default=0.0, type=float, help='dropout probability for lora layers')
parser.add_argument('--label_smooth', default=0.0, type=float, help='label smoothing')
parser.add_argument('--random_seed', default=10, type=int, help='random seed')


if __name__ == '__main__':
    args = parser.parse_args()
    parse_gpu(args)
    train_data = FT_Dataset(args.train_data, args.train_batch_size, args.seq_len)
    train_loader = DataLoader(train_data, batch_size=args.train_batch_size, num_workers=0, shuffle=False, drop_last=True)
    if args.model_card == 'gpt2.sm':
        config = GPT2Config(n_embd=768, n_layer=12, n_head=12, lora_attn_dim=args.lora_dim,
                            lora_attn_alpha=args.lora_alpha, lora_dropout=args.lora_dropout)
    elif args.model_card == 'gpt2.md':
        config = GPT2Config(n_embd=1024, n_layer=24, n_head=16, lora_attn_dim=args.lora_dim,
                            lora_attn_alpha=args.lora_alpha, lora_dropout=args.lora_dropout)
    elif args.model_card == 'gpt2.lg':
        config = GPT2Config(n_embd=1280, n_layer=36, n_head=20, lora_attn_dim=args.lora_dim,
                            lora_attn_alpha=args.lora_alpha, lora_dropout=args.lora_dropout)
    lm_net = GPT2LMModel(config)
    if args.init_checkpoint is not None:
        lm_net.load_weight(torch.load(args.init_checkpoint))
    lm_net = lm_net.cuda()
    optimizer = create_adam_optimizer_from_args(lm_net, args)
    scheduler = create_optimizer_scheduler(optimizer, args)
    lm_net, optimizer = distributed_opt(args, lm_net, optimizer, grad_acc=args.grad_acc)
    for epoch in range(args.max_epoch):
        for data in train_loader:
            pass
        distributed_sync(args)
