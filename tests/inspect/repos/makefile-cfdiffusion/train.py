"""Trains a conditional U-Net DDPM on CIFAR-10 with classifier-free guidance, one process per GPU."""
import argparse

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torchvision.datasets import CIFAR10
from torchvision import transforms

from model.unet import Unet
from model.diffusion import GaussianDiffusion


def train(params):
    dist.init_process_group(backend="nccl")
    local_rank = dist.get_rank() % torch.cuda.device_count()
    dataset = CIFAR10(root=params.dataroot, train=True, download=True, transform=transforms.ToTensor())
    sampler = torch.utils.data.distributed.DistributedSampler(dataset)
    loader = torch.utils.data.DataLoader(dataset, batch_size=params.batchsize, sampler=sampler, num_workers=4)
    net = Unet(in_ch=3, mod_ch=params.modch, out_ch=3, ch_mul=[1, 2, 2, 2], num_res_blocks=2,
               cdim=params.cdim, use_conv=True, droprate=params.droprate, dtype=getattr(torch, params.dtype))
    diffusion = GaussianDiffusion(dtype=getattr(torch, params.dtype), model=net, T=params.T)
    diffusion.model = DDP(diffusion.model.cuda(local_rank), device_ids=[local_rank])
    optimizer = torch.optim.AdamW(diffusion.model.parameters(), lr=params.lr, weight_decay=1e-4)
    for epoch in range(params.epoch):
        for img, lab in loader:
            optimizer.zero_grad()
            loss = diffusion.trainloss(img.cuda(local_rank), cemb=lab)
            loss.backward()
            optimizer.step()


def main():
    parser = argparse.ArgumentParser(description="test for diffusion model")
    parser.add_argument("--batchsize", type=int, default=256, help="batch size per device for training Unet model")
    parser.add_argument("--modch", type=int, default=64, help="model channels for Unet")
    parser.add_argument("--T", type=int, default=1000, help="timesteps for Unet model")
    parser.add_argument("--droprate", type=float, default=0.1, help="dropout rate for model")
    parser.add_argument("--dtype", default="float32")
    parser.add_argument("--lr", type=float, default=2e-5, help="learning rate")
    parser.add_argument("--epoch", type=int, default=1000, help="epochs for training")
    parser.add_argument("--cdim", type=int, default=10, help="dimension of conditional embedding")
    parser.add_argument("--dataroot", default="./data", help="where CIFAR-10 is downloaded")
    args = parser.parse_args()
    train(args)


if __name__ == "__main__":
    main()
