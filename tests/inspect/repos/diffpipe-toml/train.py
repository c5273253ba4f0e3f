"""Trains a LoRA adapter on a diffusion model with DeepSpeed's pipeline engine; settings from a TOML."""
import argparse
import os

import deepspeed
import toml
import torch
from deepspeed import comm as dist

from utils import dataset as dataset_util

parser = argparse.ArgumentParser()
parser.add_argument("--config", help="Path to TOML configuration file.")
parser.add_argument("--local_rank", type=int, default=-1, help="local rank passed from distributed launcher")
parser.add_argument("--resume_from_checkpoint", nargs="?", const=True, default=None)
parser.add_argument("--regenerate_cache", action="store_true", default=None)
parser = deepspeed.add_config_arguments(parser)
args = parser.parse_args()


def main():
    with open(args.config) as f:
        config = toml.load(f)
    deepspeed.init_distributed()
    model_type = config["model"]["type"]
    if model_type == "flux":
        from models import flux
        model = flux.FluxPipeline(config)
    elif model_type == "hunyuan-video":
        from models import hunyuan_video
        model = hunyuan_video.HunyuanVideoPipeline(config)
    elif model_type == "wan":
        from models import wan
        model = wan.WanPipeline(config)
    else:
        raise NotImplementedError(f"Model type {model_type} is not implemented")

    with open(config["dataset"]) as f:
        dataset_config = toml.load(f)
    train_data = dataset_util.Dataset(dataset_config, model)

    ds_config = {
        "train_micro_batch_size_per_gpu": config.get("micro_batch_size_per_gpu", 1),
        "gradient_accumulation_steps": config.get("gradient_accumulation_steps", 1),
        "gradient_clipping": config.get("gradient_clipping", 1.0),
        "steps_per_print": config.get("steps_per_print", 1),
    }
    layers = model.to_layers()
    pipeline_model = deepspeed.pipe.PipelineModule(
        layers=layers,
        num_stages=config.get("pipeline_stages", 1),
        activation_checkpoint_interval=1 if config.get("activation_checkpointing", False) else 0,
        partition_method=config.get("partition_method", "parameters"),
    )
    optimizer = torch.optim.AdamW(pipeline_model.parameters(), lr=config["optimizer"]["lr"])
    model_engine, optimizer, _, _ = deepspeed.initialize(
        args=args, model=pipeline_model, optimizer=optimizer, config=ds_config)
    for epoch in range(config["epochs"]):
        model_engine.train_batch()


if __name__ == "__main__":
    main()
