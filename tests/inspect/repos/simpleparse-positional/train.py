from dataclasses import dataclass

import torch
import torchvision
from simple_parsing import ArgumentParser, field


@dataclass
class Options:
    data_path: str = field(positional=True)
    """the ImageFolder root"""
    arch: str = "resnet18"
    lr: float = 0.01
    epochs: int = 90
    batch_size: int = 256


def main():
    parser = ArgumentParser()
    parser.add_arguments(Options, dest="opts")
    opts = parser.parse_args().opts
    data = torchvision.datasets.ImageFolder(opts.data_path)
    loader = torch.utils.data.DataLoader(data, batch_size=opts.batch_size)
    model = torchvision.models.__dict__[opts.arch]()
    opt = torch.optim.SGD(model.parameters(), lr=opts.lr)
    for epoch in range(opts.epochs):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
