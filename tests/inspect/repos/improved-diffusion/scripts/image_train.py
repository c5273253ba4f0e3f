"""
Train a diffusion model on images (fixture: defaults in a dict turned into argparse options).
"""
import argparse

from improved_diffusion.image_datasets import load_data
from improved_diffusion.script_util import (
    add_dict_to_argparser,
    args_to_dict,
    create_model_and_diffusion,
    model_and_diffusion_defaults,
)
from improved_diffusion.train_util import TrainLoop


def main():
    args = create_argparser().parse_args()
    model, diffusion = create_model_and_diffusion(**args_to_dict(args, model_and_diffusion_defaults().keys()))
    data = load_data(data_dir=args.data_dir, batch_size=args.batch_size, image_size=args.image_size)
    TrainLoop(model=model, data=data, batch_size=args.batch_size, lr=args.lr, use_fp16=args.use_fp16).run_loop()


def create_argparser():
    defaults = dict(
        data_dir="",
        schedule_sampler="uniform",
        lr=1e-4,
        weight_decay=0.0,
        lr_anneal_steps=0,
        batch_size=1,
        microbatch=-1,
        ema_rate="0.9999",
        log_interval=10,
        save_interval=10000,
        use_fp16=False,
    )
    defaults.update(model_and_diffusion_defaults())
    parser = argparse.ArgumentParser()
    add_dict_to_argparser(parser, defaults)
    return parser


if __name__ == "__main__":
    main()
