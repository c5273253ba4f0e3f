"""Train a Glow flow on a folder of images.

Usage:
  train.py [options] <data_dir>

Options:
  --batch-size=<n>   images per step [default: 32]
  --lr=<f>           learning rate [default: 1e-3]
  --epochs=<n>       passes over the data [default: 100]
  --n-flow=<n>       flows per block [default: 32]
  --n-block=<n>      blocks [default: 4]
  --fp16             train in half precision
"""
import torch
from docopt import docopt
from torchvision import datasets

from glow import Glow


def main():
    args = docopt(__doc__)
    model = Glow(3, int(args["--n-flow"]), int(args["--n-block"])).cuda()
    if args["--fp16"]:
        model = model.half()
    data = datasets.ImageFolder(args["<data_dir>"])
    loader = torch.utils.data.DataLoader(data, batch_size=int(args["--batch-size"]), shuffle=True)
    opt = torch.optim.Adam(model.parameters(), lr=float(args["--lr"]))
    for _ in range(int(args["--epochs"])):
        for x, _ in loader:
            loss = model(x.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
