# Reads the Python config file named by --config into a dictionary of its module-level names.
import runpy


def get_default_parser():
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", type=str, help="path to the config file")
    parser.add_argument("--launcher", type=str, default="slurm", choices=["slurm", "torch"])
    parser.add_argument("--port", type=int, default=8888)
    parser.add_argument("--seed", type=int, default=1024)
    parser.add_argument("--backend", type=str, default="nccl")
    return parser


def launch_from_torch(config, seed=1024):
    return runpy.run_path(config)
