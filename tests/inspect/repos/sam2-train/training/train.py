# Composes the named Hydra config from the sam2 package and starts one process per GPU.
import os
import random
from argparse import ArgumentParser

import torch
from hydra import compose, initialize_config_module
from hydra.utils import instantiate
from omegaconf import OmegaConf


def single_proc_run(local_rank, main_port, cfg, world_size):
    os.environ["MASTER_ADDR"] = "localhost"
    os.environ["MASTER_PORT"] = str(main_port)
    os.environ["RANK"] = str(local_rank)
    os.environ["LOCAL_RANK"] = str(local_rank)
    os.environ["WORLD_SIZE"] = str(world_size)
    trainer = instantiate(cfg.trainer, _recursive_=False)
    trainer.run()


def single_node_runner(cfg, main_port):
    num_proc = cfg.launcher.gpus_per_node
    torch.multiprocessing.set_start_method("spawn")
    if num_proc == 1:
        single_proc_run(0, main_port, cfg, 1)
    else:
        torch.multiprocessing.start_processes(single_proc_run, args=(main_port, cfg, num_proc), nprocs=num_proc, start_method="spawn")


def main(args):
    cfg = compose(config_name=args.config)
    print(OmegaConf.to_yaml(cfg))
    cfg.launcher.gpus_per_node = args.num_gpus if args.num_gpus is not None else cfg.launcher.gpus_per_node
    cfg.launcher.num_nodes = args.num_nodes if args.num_nodes is not None else cfg.launcher.num_nodes
    use_cluster = args.use_cluster if args.use_cluster is not None else cfg.submitit.use_cluster
    if use_cluster:
        raise SystemExit("cluster submission is not part of this example")
    main_port = random.randint(cfg.submitit.port_range[0], cfg.submitit.port_range[1])
    single_node_runner(cfg, main_port)


if __name__ == "__main__":
    initialize_config_module("sam2", version_base="1.2")
    parser = ArgumentParser()
    parser.add_argument("-c", "--config", required=True, type=str,
                        help="path to config file (e.g. configs/sam2.1_training/sam2.1_hiera_b+_MOSE_finetune.yaml)")
    parser.add_argument("--use-cluster", type=int, default=None)
    parser.add_argument("--partition", type=str, default=None)
    parser.add_argument("--num-gpus", type=int, default=None, help="number of GPUS per node")
    parser.add_argument("--num-nodes", type=int, default=None)
    args = parser.parse_args()
    args.use_cluster = bool(args.use_cluster) if args.use_cluster is not None else None
    main(args)
