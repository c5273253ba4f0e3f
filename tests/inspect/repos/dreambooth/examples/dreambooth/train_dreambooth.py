"""DreamBooth fine-tuning of a Stable Diffusion U-Net (fixture in the manner of
diffusers/examples/dreambooth: argparse with dashes and underscores, Accelerator)."""
import argparse

from accelerate import Accelerator
from diffusers import UNet2DConditionModel


def parse_args(input_args=None):
    parser = argparse.ArgumentParser(description="Simple example of a training script.")
    parser.add_argument("--pretrained_model_name_or_path", type=str, default=None, required=True,
                        help="Path to pretrained model or model identifier from huggingface.co/models.")
    parser.add_argument("--instance_data_dir", type=str, default=None, required=True,
                        help="A folder containing the training data of instance images.")
    parser.add_argument("--class_data_dir", type=str, default=None, required=False)
    parser.add_argument("--instance_prompt", type=str, default=None, required=True)
    parser.add_argument("--output_dir", type=str, default="dreambooth-model")
    parser.add_argument("--resolution", type=int, default=512)
    parser.add_argument("--train_batch_size", type=int, default=4, help="Batch size (per device).")
    parser.add_argument("--num_train_epochs", type=int, default=1)
    parser.add_argument("--max_train_steps", type=int, default=None)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument("--learning_rate", type=float, default=5e-6)
    parser.add_argument("--lr_scheduler", type=str, default="constant")
    parser.add_argument("--lr_warmup_steps", type=int, default=500)
    parser.add_argument("--mixed_precision", type=str, default=None, choices=["no", "fp16", "bf16"])
    if input_args is not None:
        return parser.parse_args(input_args)
    return parser.parse_args()


def main(args):
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps,
                              mixed_precision=args.mixed_precision)
    unet = UNet2DConditionModel.from_pretrained(args.pretrained_model_name_or_path, subfolder="unet")


if __name__ == "__main__":
    main(parse_args())
