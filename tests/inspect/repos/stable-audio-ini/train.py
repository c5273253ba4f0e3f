"""Trains an audio model from a model config and a dataset config (Lightning)."""
import json
import os

import torch
import pytorch_lightning as pl
from prefigure.prefigure import get_all_args

from stable_audio_tools.data.dataset import create_dataloader_from_config
from stable_audio_tools.models import create_model_from_config
from stable_audio_tools.training import create_training_wrapper_from_config


def main():
    args = get_all_args()
    seed = args.seed
    pl.seed_everything(seed)

    with open(args.model_config) as f:
        model_config = json.load(f)
    with open(args.dataset_config) as f:
        dataset_config = json.load(f)

    train_dl = create_dataloader_from_config(
        dataset_config,
        batch_size=args.batch_size,
        num_workers=args.num_workers,
        sample_rate=model_config["sample_rate"],
        sample_size=model_config["sample_size"],
        audio_channels=model_config.get("audio_channels", 2),
    )
    model = create_model_from_config(model_config)
    training_wrapper = create_training_wrapper_from_config(model_config, model)

    if args.num_gpus > 1 or args.num_nodes > 1:
        if args.strategy == "deepspeed":
            from pytorch_lightning.strategies import DeepSpeedStrategy
            strategy = DeepSpeedStrategy(stage=2, contiguous_gradients=True, overlap_comm=True,
                                         reduce_scatter=True, reduce_bucket_size=5e8, allgather_bucket_size=5e8,
                                         load_full_weights=True)
        else:
            strategy = args.strategy if args.strategy != "" else "ddp_find_unused_parameters_true"
    else:
        strategy = "auto"

    trainer = pl.Trainer(
        devices=args.num_gpus,
        accelerator="gpu",
        num_nodes=args.num_nodes,
        strategy=strategy,
        precision=args.precision,
        accumulate_grad_batches=args.accum_batches,
        log_every_n_steps=1,
        max_epochs=10000000,
        default_root_dir=args.save_dir,
        gradient_clip_val=args.gradient_clip_val,
    )
    trainer.fit(training_wrapper, train_dl, ckpt_path=args.ckpt_path if args.ckpt_path else None)


if __name__ == "__main__":
    main()
