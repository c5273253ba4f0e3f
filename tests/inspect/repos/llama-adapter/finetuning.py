# Adapter fine-tuning of LLaMA on instruction data (LLaMA-Adapter shaped, our own text).
import argparse
import datetime
import time

import torch
import torch.backends.cudnn as cudnn
import util.misc as misc
from util.misc import NativeScalerWithGradNormCount as NativeScaler

import models_llama_adapter
from engine_finetuning import train_one_epoch
from llama_dataset import InstructionDataset


def get_args_parser():
    parser = argparse.ArgumentParser('LLaMA-Adapter fine-tuning', add_help=False)
    parser.add_argument('--batch_size', default=64, type=int, help='Batch size per GPU')
    parser.add_argument('--epochs', default=400, type=int)
    parser.add_argument('--accum_iter', default=1, type=int)
    # Model parameters
    parser.add_argument('--llama_model_path', default='./llama', type=str, help='path of llama model')
    parser.add_argument('--model', default='llama7B_adapter', type=str, metavar='MODEL', help='Name of model to train')
    parser.add_argument('--adapter_layer', type=int, default=30, metavar='LENGTH', help='the number of adapter layer')
    parser.add_argument('--adapter_len', type=int, default=10, metavar='LENGTH', help='the adapter length')
    parser.add_argument('--max_seq_len', type=int, default=512, metavar='LENGTH', help='the maximum sequence length')
    # Optimizer parameters
    parser.add_argument('--weight_decay', type=float, default=0.05)
    parser.add_argument('--lr', type=float, default=None, metavar='LR')
    parser.add_argument('--blr', type=float, default=1e-3, metavar='LR')
    parser.add_argument('--min_lr', type=float, default=0.0, metavar='LR')
    parser.add_argument('--warmup_epochs', type=int, default=40, metavar='N')
    # Dataset parameters
    parser.add_argument('--data_path', default='/instruction_dataset/', type=str)
    parser.add_argument('--output_dir', default='./output_dir')
    parser.add_argument('--device', default='cuda')
    parser.add_argument('--seed', default=0, type=int)
    parser.add_argument('--num_workers', default=10, type=int)
    parser.add_argument('--world_size', default=1, type=int)
    parser.add_argument('--local_rank', default=-1, type=int)
    parser.add_argument('--dist_url', default='env://')
    return parser


def main(args):
    misc.init_distributed_mode(args)
    device = torch.device(args.device)
    cudnn.benchmark = True
    dataset_train = InstructionDataset(data_path=args.data_path, model_path=args.llama_model_path, max_words=args.max_seq_len)
    sampler_train = torch.utils.data.DistributedSampler(dataset_train, shuffle=True)
    data_loader_train = torch.utils.data.DataLoader(dataset_train, sampler=sampler_train, batch_size=args.batch_size,
                                                    num_workers=args.num_workers, drop_last=True)
    model = models_llama_adapter.__dict__[args.model](args)
    model.to(device)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu], find_unused_parameters=True)
    eff_batch_size = args.batch_size * args.accum_iter * misc.get_world_size()
    if args.lr is None:
        args.lr = args.blr * eff_batch_size / 256
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95))
    loss_scaler = NativeScaler()
    for epoch in range(args.epochs):
        train_one_epoch(model, data_loader_train, optimizer, device, epoch, loss_scaler, args=args)


if __name__ == '__main__':
    args = get_args_parser()
    args = args.parse_args()
    main(args)
