import argparse

import torch
import torch.distributed as dist
import yaml

from wenet.utils.train_utils import add_ddp_args, add_deepspeed_args, add_model_args, add_dataset_args, add_trace_args, init_distributed, wrap_cuda_model


def get_args():
    parser = argparse.ArgumentParser(description="training your network")
    parser.add_argument("--train_engine", default="torch_ddp", choices=["torch_ddp", "torch_fsdp", "deepspeed"], help="Engine for paralleled training")
    parser = add_model_args(parser)
    parser = add_dataset_args(parser)
    parser = add_ddp_args(parser)
    parser = add_deepspeed_args(parser)
    parser = add_trace_args(parser)
    return parser.parse_args()


def main():
    args = get_args()
    with open(args.config) as fin:
        configs = yaml.load(fin, Loader=yaml.FullLoader)
    world_size, local_rank, rank = init_distributed(args)
    model = torch.nn.Linear(80, 256)
    model, device = wrap_cuda_model(args, model)
    optimizer = torch.optim.Adam(model.parameters(), **configs["optim_conf"])
    for epoch in range(configs["max_epoch"]):
        dist.barrier()


if __name__ == "__main__":
    main()
