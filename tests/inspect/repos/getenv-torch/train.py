"""Settings come from the environment (LR=.. BATCH=.. python train.py)."""
from os import getenv

import torch
import torchvision


def main():
    lr, epochs = float(getenv("LR", "3e-4")), int(getenv("EPOCHS", "10"))
    BATCH = int(getenv("BATCH", "64"))
    EVAL_BATCH = getenv("EVAL_BATCH", BATCH)
    data = torchvision.datasets.CIFAR10(root="/data/cifar", train=True, download=True)
    loader = torch.utils.data.DataLoader(data, batch_size=BATCH, shuffle=True)
    model = torchvision.models.resnet18(num_classes=10).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    for epoch in range(epochs):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
            loss.backward()
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    main()
