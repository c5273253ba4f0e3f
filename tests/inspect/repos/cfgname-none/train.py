# Fine-tunes whatever network the YAML's builder section describes; the model is built by a registry.
import argparse

import torch
import yaml

from registry import build


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', required=True)
    parser.add_argument('--local_rank', type=int, default=0)
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.distributed.init_process_group('nccl')
    net = build(cfg['network'])
    net = torch.nn.parallel.DistributedDataParallel(net.cuda())
    opt = torch.optim.AdamW(net.parameters(), lr=cfg['optim']['lr'])
    for epoch in range(cfg['optim']['epochs']):
        pass


if __name__ == '__main__':
    main()
