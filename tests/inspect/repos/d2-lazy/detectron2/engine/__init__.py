"""Fixture: the argument parser detectron2's tools share."""
import argparse

import torch


def default_argument_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config-file", default="", metavar="FILE", help="path to config file")
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--num-gpus", type=int, default=1, help="number of gpus *per machine*")
    parser.add_argument("--num-machines", type=int, default=1)
    parser.add_argument("--machine-rank", type=int, default=0)
    parser.add_argument("opts", default=None, nargs=argparse.REMAINDER, help="Modify config options at the end of the command")
    return parser


def launch(main_func, num_gpus_per_machine, num_machines=1, machine_rank=0, args=()):
    if num_gpus_per_machine * num_machines > 1:
        torch.multiprocessing.start_processes(main_func, nprocs=num_gpus_per_machine, args=args)
    else:
        main_func(*args)
