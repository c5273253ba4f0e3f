"""Fine-tunes a Stable Diffusion UNet on captioned images with Accelerate."""
import argparse

from accelerate import Accelerator
from datasets import load_dataset
from diffusers import UNet2DConditionModel


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--pretrained_model_name_or_path", required=True)
    p.add_argument("--dataset_name", default=None)
    p.add_argument("--max_train_steps", type=int, default=None)
    p.add_argument("--learning_rate", type=float, default=1e-4)
    p.add_argument("--train_batch_size", type=int, default=16)
    p.add_argument("--mixed_precision", default=None, choices=["no", "fp16", "bf16"])
    return p.parse_args()


def main():
    args = parse_args()
    accelerator = Accelerator(mixed_precision=args.mixed_precision)
    unet = UNet2DConditionModel.from_pretrained(args.pretrained_model_name_or_path, subfolder="unet")
    data = load_dataset(args.dataset_name)


if __name__ == "__main__":
    main()
