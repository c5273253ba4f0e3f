"""Trains a SiT model with PyTorch DDP, one process per GPU."""
import argparse
from copy import deepcopy

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from torchvision.datasets import ImageFolder
from diffusers.models import AutoencoderKL

from models import SiT_models
from transport import create_transport


def main(args):
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    device = rank % torch.cuda.device_count()
    latent_size = args.image_size // 8
    model = SiT_models[args.model](input_size=latent_size, num_classes=args.num_classes)
    ema = deepcopy(model).to(device)
    model = DDP(model.to(device), device_ids=[device])
    transport = create_transport(args.path_type, args.prediction, args.loss_weight)
    vae = AutoencoderKL.from_pretrained(f"stabilityai/sd-vae-ft-{args.vae}").to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0)
    dataset = ImageFolder(args.data_path)
    sampler = DistributedSampler(dataset, num_replicas=dist.get_world_size(), rank=rank, shuffle=True, seed=args.global_seed)
    loader = DataLoader(dataset, batch_size=int(args.global_batch_size // dist.get_world_size()), sampler=sampler,
                        num_workers=args.num_workers, pin_memory=True, drop_last=True)
    for epoch in range(args.epochs):
        for x, y in loader:
            loss = transport.training_losses(model, x, dict(y=y))["loss"].mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-path", type=str, required=True)
    parser.add_argument("--results-dir", type=str, default="results")
    parser.add_argument("--model", type=str, choices=list(SiT_models.keys()), default="SiT-XL/2")
    parser.add_argument("--image-size", type=int, choices=[256, 512], default=256)
    parser.add_argument("--num-classes", type=int, default=1000)
    parser.add_argument("--epochs", type=int, default=1400)
    parser.add_argument("--global-batch-size", type=int, default=256)
    parser.add_argument("--global-seed", type=int, default=0)
    parser.add_argument("--vae", type=str, choices=["ema", "mse"], default="ema")
    parser.add_argument("--num-workers", type=int, default=4)
    parser.add_argument("--log-every", type=int, default=100)
    parser.add_argument("--ckpt-every", type=int, default=50_000)
    parser.add_argument("--path-type", type=str, default="Linear", choices=["Linear", "GVP", "VP"])
    parser.add_argument("--prediction", type=str, default="velocity", choices=["velocity", "score", "noise"])
    parser.add_argument("--loss-weight", type=str, default=None, choices=[None, "velocity", "likelihood"])
    args = parser.parse_args()
    main(args)
