"""Trains a vocoder; the options' defaults are in defaults.ini (prefigure)."""
import pytorch_lightning as pl
import torch
from prefigure.prefigure import get_all_args

from data import AudioFolder


def main():
    args = get_all_args()
    pl.seed_everything(args.seed)
    train_set = AudioFolder(args.training_dir)
    loader = torch.utils.data.DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    trainer = pl.Trainer(devices=args.num_gpus, accelerator="gpu", precision=args.precision)
    trainer.fit(None, loader)


if __name__ == "__main__":
    main()
