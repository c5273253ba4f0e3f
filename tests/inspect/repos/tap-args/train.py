"""Fine-tunes a classifier; options from a typed argument class."""
import torch
from tap import Tap
from torchvision import datasets


class TrainArgs(Tap):
    data_dir: str = "data/flowers"  # image folders
    arch: str = "resnet18"
    lr: float = 3e-4
    batch_size: int = 32
    epochs: int = 10
    weight_decay: float = 0.01
    amp: bool = False  # mixed precision


def main():
    args = TrainArgs().parse_args()
    dataset = datasets.ImageFolder(args.data_dir)
    loader = torch.utils.data.DataLoader(dataset, batch_size=args.batch_size)
    model = torch.hub.load("pytorch/vision", args.arch)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    for _ in range(args.epochs):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
