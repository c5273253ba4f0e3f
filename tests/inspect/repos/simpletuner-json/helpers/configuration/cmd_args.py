# Every option train.py knows, with its default.
import argparse


def get_argument_parser():
    parser = argparse.ArgumentParser(description="Trainer for diffusion models.")
    parser.add_argument("--model_family", choices=["pixart_sigma", "flux", "sd3", "sdxl", "kolors", "legacy"], default=None)
    parser.add_argument("--model_type", choices=["lora", "full"], default="lora")
    parser.add_argument("--pretrained_model_name_or_path", type=str, default=None, required=True)
    parser.add_argument("--data_backend_config", type=str, default=None, help="The relative or fully-qualified path for your data backend config.")
    parser.add_argument("--output_dir", type=str, default="simpletuner-results")
    parser.add_argument("--train_batch_size", type=int, default=4)
    parser.add_argument("--num_train_epochs", type=int, default=1)
    parser.add_argument("--max_train_steps", type=int, default=None)
    parser.add_argument("--learning_rate", type=float, default=4e-7)
    parser.add_argument("--lr_scheduler", type=str, default="sine")
    parser.add_argument("--lr_warmup_steps", type=int, default=500)
    parser.add_argument("--mixed_precision", type=str, default="bf16", choices=["bf16", "fp16", "no"])
    parser.add_argument("--gradient_checkpointing", action="store_true")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--lora_rank", type=int, default=16)
    parser.add_argument("--validation_prompt", type=str, default=None)
    return parser


def parse_cmdline_args(input_args=None):
    parser = get_argument_parser()
    if input_args is not None:
        args = parser.parse_args(input_args)
    else:
        args = parser.parse_args()
    return args
