# Default settings of the model and the diffusion process, and the argparse helper that turns a dict
# of defaults into options (fixture).
import argparse

from .unet import UNetModel


def model_and_diffusion_defaults():
    return dict(
        image_size=64,
        num_channels=128,
        num_res_blocks=2,
        num_heads=4,
        attention_resolutions="16,8",
        dropout=0.0,
        learn_sigma=False,
        diffusion_steps=1000,
        noise_schedule="linear",
        use_checkpoint=False,
        use_scale_shift_norm=True,
    )


def create_model_and_diffusion(image_size, num_channels, num_res_blocks, **kwargs):
    model = UNetModel(in_channels=3, model_channels=num_channels, num_res_blocks=num_res_blocks)
    return model, None


def add_dict_to_argparser(parser, default_dict):
    for k, v in default_dict.items():
        v_type = type(v)
        if v is None:
            v_type = str
        elif isinstance(v, bool):
            v_type = str2bool
        parser.add_argument(f"--{k}", default=v, type=v_type)


def args_to_dict(args, keys):
    return {k: getattr(args, k) for k in keys}


def str2bool(v):
    if isinstance(v, bool):
        return v
    return v.lower() in ("yes", "true", "t", "y", "1")
