# Starts one process per listed device and hands each the YAML settings.
import argparse
import multiprocessing as mp
import pprint

import yaml

from src.utils.distributed import init_distributed
from src.train import main as app_main

parser = argparse.ArgumentParser()
parser.add_argument('--fname', type=str, help='name of config file to load', default='configs.yaml')
parser.add_argument('--devices', type=str, nargs='+', default=['cuda:0'], help='devices on this machine')


def process_main(rank, fname, world_size, devices):
    import os
    os.environ['CUDA_VISIBLE_DEVICES'] = str(devices[rank].split(':')[-1])
    with open(fname, 'r') as f:
        params = yaml.safe_load(f)
        pprint.PrettyPrinter(indent=2).pprint(params)
    world_size, rank = init_distributed(rank_and_world_size=(rank, world_size))
    app_main(args=params)


if __name__ == '__main__':
    args = parser.parse_args()
    num_gpus = len(args.devices)
    mp.set_start_method('spawn')
    for rank in range(num_gpus):
        mp.Process(target=process_main, args=(rank, args.fname, num_gpus, args.devices)).start()
