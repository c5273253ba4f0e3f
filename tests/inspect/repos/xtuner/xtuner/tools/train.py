import argparse
import os.path as osp

from mmengine.config import Config
from mmengine.runner import Runner

from xtuner.configs import cfgs_name_path


def parse_args():
    parser = argparse.ArgumentParser(description='Train LLM')
    parser.add_argument('config', help='config file name or path.')
    parser.add_argument('--work-dir', help='the dir to save logs and models')
    parser.add_argument('--deepspeed', type=str, default=None, help='the path to the .json file for deepspeed')
    parser.add_argument('--launcher', choices=['none', 'pytorch', 'slurm', 'mpi'], default='none', help='job launcher')
    return parser.parse_args()


def main():
    args = parse_args()
    if not osp.isfile(args.config):
        args.config = cfgs_name_path[args.config]
    cfg = Config.fromfile(args.config)
    runner = Runner.from_cfg(cfg)
    runner.train()


if __name__ == '__main__':
    main()
