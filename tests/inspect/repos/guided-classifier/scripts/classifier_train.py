"""
Train a noised image classifier on ImageNet (fixture).
"""
import argparse

from torch.nn.parallel.distributed import DistributedDataParallel as DDP

from guided_diffusion.script_util import add_dict_to_argparser, classifier_and_diffusion_defaults


def main():
    args = create_argparser().parse_args()
    model = DDP(None)
    return args, model


def create_argparser():
    defaults = dict(
        data_dir="",
        val_data_dir="",
        noised=True,
        iterations=150000,
        lr=3e-4,
        weight_decay=0.0,
        batch_size=4,
        microbatch=-1,
    )
    defaults.update(classifier_and_diffusion_defaults())
    parser = argparse.ArgumentParser()
    add_dict_to_argparser(parser, defaults)
    return parser


if __name__ == "__main__":
    main()
