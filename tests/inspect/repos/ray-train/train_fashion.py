"""FashionMNIST ResNet-18 on a Ray cluster (fixture): TorchTrainer runs train_func on each worker;
prepare_model wraps the model in DistributedDataParallel."""
import argparse

import ray.train
import torch
import torch.nn as nn
from ray.train import RunConfig, ScalingConfig
from ray.train.torch import TorchTrainer, prepare_data_loader, prepare_model
from torchvision import datasets, models, transforms


def train_func(config):
    model = models.resnet18(num_classes=10)
    model = prepare_model(model)
    data = datasets.FashionMNIST(root="/mnt/shared/fashion", train=True, download=True,
                                 transform=transforms.ToTensor())
    loader = prepare_data_loader(torch.utils.data.DataLoader(data, batch_size=config["batch_size"], shuffle=True))
    opt = torch.optim.SGD(model.parameters(), lr=config["lr"], momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(config["epochs"]):
        for x, y in loader:
            opt.zero_grad()
            loss_fn(model(x), y).backward()
            opt.step()
        ray.train.report({"epoch": epoch})


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--num-workers", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--storage", default="/mnt/shared/ray_results")
    args = parser.parse_args()
    trainer = TorchTrainer(
        train_func,
        train_loop_config={"lr": args.lr, "batch_size": 128, "epochs": args.epochs},
        scaling_config=ScalingConfig(num_workers=args.num_workers, use_gpu=True),
        run_config=RunConfig(storage_path=args.storage, name="fashion"),
    )
    trainer.fit()
