"""Train a character-level LSTM language model.

Usage:
    main.py [options] CORPUS
    main.py (-h | --help)

Options:
    -h --help                Show this screen.
    -e N, --epochs N         Number of epochs [default: 20].
    -b N, --batch-size N     Minibatch size [default: 64].
    --lr LR                  Learning rate [default: 0.002].
    --hidden N               Hidden units per layer [default: 512].
    --cuda                   Train on the GPU.
"""
import torch
import torch.nn as nn
from docopt import docopt


def main():
    args = docopt(__doc__)
    model = nn.LSTM(128, int(args["--hidden"]), num_layers=2)
    if args["--cuda"]:
        model = model.cuda()
    text = open(args["CORPUS"]).read()
    opt = torch.optim.Adam(model.parameters(), lr=float(args["--lr"]))
    for _ in range(int(args["--epochs"])):
        pass


if __name__ == "__main__":
    main()
