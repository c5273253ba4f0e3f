# utils.py - token arrays by dataset name
import numpy as np


def get_dataset(args):
    if args.dataset == 'slimpajama':
        return {'train': np.memmap('datasets/slimpajama6B/train.bin', dtype=np.uint16, mode='r'),
                'val': np.memmap('datasets/slimpajama6B/val.bin', dtype=np.uint16, mode='r')}
    raise NotImplementedError(f"Unknow dataset key '{args.dataset}'")
