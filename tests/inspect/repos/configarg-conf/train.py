# train.py - a speech enhancement trainer: configargparse with -c/--config, options declared by the opts package
import configargparse
import torch
import torch.nn as nn

import opts
from model import Denoiser


def main():
    parser = configargparse.ArgParser(default_config_files=[], config_file_parser_class=configargparse.YAMLConfigFileParser)
    parser.add_argument("-c", "--config", is_config_file=True, help="config file path")
    opts.add_train_args(parser)
    args = parser.parse_args()

    model = Denoiser(args.channels, args.depth).cuda()
    model = nn.parallel.DistributedDataParallel(model)
    optim = torch.optim.Adam(model.parameters(), lr=args.lr)
    data = torch.utils.data.DataLoader(torch.load(args.train_dir), batch_size=args.batch_size)
    for epoch in range(args.epochs):
        for noisy, clean in data:
            loss = nn.functional.l1_loss(model(noisy), clean)
            optim.zero_grad()
            loss.backward()
            optim.step()


if __name__ == "__main__":
    main()
