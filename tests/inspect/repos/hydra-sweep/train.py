"""CIFAR-10 ResNet-18 with Hydra (fixture); sweeps run with -m (--multirun)."""
import hydra
import torch
import torchvision
from omegaconf import DictConfig


@hydra.main(version_base=None, config_path="conf", config_name="config")
def main(cfg: DictConfig) -> None:
    model = torchvision.models.resnet18(num_classes=10)
    data = torchvision.datasets.CIFAR10(root=cfg.data.root, train=True, download=True)
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr, momentum=cfg.optim.momentum)


if __name__ == "__main__":
    main()
