import argparse
import os
from pathlib import Path
from typing import Dict

import torch
import torch.distributed as dist
from omegaconf import OmegaConf
from torch.nn.parallel import DistributedDataParallel as DDP

from animatediff.data.dataset import WebVid10M
from animatediff.models.unet import UNet3DConditionModel


def init_dist(launcher="pytorch", backend="nccl"):
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    dist.init_process_group(backend=backend)
    return local_rank


def main(
    image_finetune: bool,
    name: str,
    use_wandb: bool,
    launcher: str,
    output_dir: str,
    pretrained_model_path: str,
    train_data: Dict,
    validation_data: Dict,
    unet_additional_kwargs: Dict = {},
    max_train_epoch: int = -1,
    max_train_steps: int = 100,
    learning_rate: float = 3e-5,
    adam_weight_decay: float = 1e-2,
    train_batch_size: int = 1,
    gradient_accumulation_steps: int = 1,
    checkpointing_steps: int = -1,
    mixed_precision_training: bool = True,
    global_seed: int = 42,
    is_debug: bool = False,
):
    local_rank = init_dist(launcher=launcher)
    unet = UNet3DConditionModel.from_pretrained_2d(pretrained_model_path, subfolder="unet")
    dataset = WebVid10M(**train_data, is_image=image_finetune)
    loader = torch.utils.data.DataLoader(dataset, batch_size=train_batch_size, shuffle=True)
    optimizer = torch.optim.AdamW(unet.parameters(), lr=learning_rate, weight_decay=adam_weight_decay)
    unet = DDP(unet, device_ids=[local_rank], output_device=local_rank)
    scaler = torch.cuda.amp.GradScaler() if mixed_precision_training else None
    step = 0
    while step < max_train_steps:
        for batch in loader:
            with torch.cuda.amp.autocast(enabled=mixed_precision_training):
                loss = unet(batch).mean()
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            step += 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", type=str, required=True)
    parser.add_argument("--launcher", type=str, choices=["pytorch", "slurm"], default="pytorch")
    parser.add_argument("--wandb", action="store_true")
    args = parser.parse_args()

    name = Path(args.config).stem
    config = OmegaConf.load(args.config)

    main(name=name, launcher=args.launcher, use_wandb=args.wandb, **config)
