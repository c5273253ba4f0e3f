# train.py - Tacotron 2 training; one process per GPU when started by multiproc.py
import argparse

import torch
from torch.utils.data import DataLoader

from data_utils import TextMelLoader
from distributed import apply_gradient_allreduce
from hparams import create_hparams
from model import Tacotron2


def train(output_directory, log_directory, checkpoint_path, n_gpus, rank, hparams):
    torch.manual_seed(hparams.seed)
    model = Tacotron2(hparams).cuda()
    if hparams.fp16_run:
        from apex import amp
        model, optimizer = amp.initialize(model, None, opt_level="O2")
    if hparams.distributed_run:
        model = apply_gradient_allreduce(model)
    trainset = TextMelLoader(hparams.training_files, hparams)
    loader = DataLoader(trainset, batch_size=hparams.batch_size, shuffle=True)
    optimizer = torch.optim.Adam(model.parameters(), lr=hparams.learning_rate,
                                 weight_decay=hparams.weight_decay)
    for epoch in range(hparams.epochs):
        for batch in loader:
            pass


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("-o", "--output_directory", type=str, help="directory to save checkpoints")
    parser.add_argument("-l", "--log_directory", type=str, help="directory to save tensorboard logs")
    parser.add_argument("-c", "--checkpoint_path", type=str, default=None, required=False)
    parser.add_argument("--n_gpus", type=int, default=1, required=False)
    parser.add_argument("--rank", type=int, default=0, required=False)
    parser.add_argument("--hparams", type=str, required=False, help="comma separated name=value pairs")
    args = parser.parse_args()
    hparams = create_hparams(args.hparams)
    train(args.output_directory, args.log_directory, args.checkpoint_path, args.n_gpus, args.rank, hparams)
