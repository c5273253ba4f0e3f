import os

import torch
import torch.distributed as dist


def add_model_args(parser):
    parser.add_argument("--config", required=True, help="config file")
    parser.add_argument("--model_dir", required=True, help="save model dir")
    parser.add_argument("--checkpoint", help="checkpoint model")
    parser.add_argument("--tensorboard_dir", default="tensorboard", help="tensorboard log dir")
    parser.add_argument("--use_amp", action="store_true", default=False, help="Use automatic mixed precision training")
    return parser


def add_trace_args(parser):
    parser.add_argument("--jit", action="store_true", default=False)
    return parser


def add_dataset_args(parser):
    parser.add_argument("--data_type", default="raw", choices=["raw", "shard"], help="train and cv data type")
    parser.add_argument("--train_data", required=True, help="train data file")
    parser.add_argument("--cv_data", required=True, help="cv data file")
    parser.add_argument("--num_workers", default=0, type=int, help="num of subprocess workers for reading")
    parser.add_argument("--pin_memory", action="store_true", default=False)
    parser.add_argument("--prefetch", default=100, type=int)
    return parser


def add_ddp_args(parser):
    parser.add_argument("--ddp.dist_backend", dest="dist_backend", default="nccl", choices=["nccl", "gloo", "hccl"])
    return parser


def add_deepspeed_args(parser):
    parser.add_argument("--deepspeed_config", default=None, type=str, help="deepspeed config, used only when --train_engine deepspeed")
    parser.add_argument("--deepspeed.save_states", dest="save_states", default="model_only", choices=["model_only", "model+optimizer"])
    return parser


def init_distributed(args):
    world_size = int(os.environ.get("WORLD_SIZE", 1))
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    rank = int(os.environ.get("RANK", 0))
    if args.train_engine in ["torch_ddp", "torch_fsdp"]:
        torch.cuda.set_device(local_rank)
        dist.init_process_group(args.dist_backend)
    elif args.train_engine == "deepspeed":
        import deepspeed
        deepspeed.init_distributed(dist_backend=args.dist_backend)
    return world_size, local_rank, rank


def wrap_cuda_model(args, model):
    if args.train_engine == "torch_ddp":
        model.cuda()
        model = torch.nn.parallel.DistributedDataParallel(model, find_unused_parameters=True)
        device = torch.device("cuda")
    elif args.train_engine == "deepspeed":
        device = None
    else:
        from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
        model = FSDP(model)
        device = torch.device("cuda")
    return model, device
