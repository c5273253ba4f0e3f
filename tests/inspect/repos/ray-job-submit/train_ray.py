"""Fashion-MNIST ResNet with Ray Train (TorchTrainer): one worker per GPU, DDP by prepare_model."""
import argparse

import ray.train
import ray.train.torch
import torch
from ray.train import RunConfig, ScalingConfig
from ray.train.torch import TorchTrainer
from torchvision import datasets, models, transforms


def train_func(config):
    model = models.resnet34(num_classes=10)
    model.conv1 = torch.nn.Conv2d(1, 64, kernel_size=7, stride=2, padding=3, bias=False)
    model = ray.train.torch.prepare_model(model)
    data = datasets.FashionMNIST(root=config["data_root"], train=True, download=True, transform=transforms.ToTensor())
    loader = torch.utils.data.DataLoader(data, batch_size=config["batch_size"], shuffle=True)
    loader = ray.train.torch.prepare_data_loader(loader)
    opt = torch.optim.Adam(model.parameters(), lr=config["lr"])
    for epoch in range(config["epochs"]):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        ray.train.report({"loss": loss.item(), "epoch": epoch})


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--num-workers", type=int, default=2)
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--storage", default="/mnt/cluster_storage")
    args = p.parse_args()
    config = {"lr": args.lr, "epochs": args.epochs, "batch_size": args.batch_size, "data_root": "/tmp/fmnist"}
    trainer = TorchTrainer(
        train_func,
        train_loop_config=config,
        scaling_config=ScalingConfig(num_workers=args.num_workers, use_gpu=True),
        run_config=RunConfig(storage_path=args.storage, name="fmnist"),
    )
    trainer.fit()


if __name__ == "__main__":
    main()
