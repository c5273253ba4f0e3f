########################################################################################################
# The RWKV-style trainer: argparse options handed to a Lightning Trainer
########################################################################################################
import logging
from argparse import ArgumentParser

import pytorch_lightning as pl
from pytorch_lightning import Trainer

if __name__ == "__main__":
    parser = ArgumentParser()
    parser.add_argument("--load_model", default="", type=str)
    parser.add_argument("--proj_dir", default="out", type=str)
    parser.add_argument("--data_file", default="", type=str)
    parser.add_argument("--data_type", default="utf-8", type=str)
    parser.add_argument("--vocab_size", default=0, type=int)
    parser.add_argument("--ctx_len", default=1024, type=int)
    parser.add_argument("--epoch_steps", default=1000, type=int)
    parser.add_argument("--epoch_count", default=500, type=int)
    parser.add_argument("--micro_bsz", default=12, type=int)
    parser.add_argument("--n_layer", default=6, type=int)
    parser.add_argument("--n_embd", default=512, type=int)
    parser.add_argument("--lr_init", default=6e-4, type=float)
    parser.add_argument("--lr_final", default=1e-5, type=float)
    parser.add_argument("--warmup_steps", default=-1, type=int)
    parser.add_argument("--grad_cp", default=0, type=int)
    parser = Trainer.add_argparse_args(parser)
    args = parser.parse_args()

    from src.model import RWKV
    model = RWKV(args)
    trainer = Trainer.from_argparse_args(args)
    trainer.fit(model)
