import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel
from uer.model_builder import build_model


def train_and_validate(args):
    model = build_model(args)
    if args.world_size > 1:
        mp.spawn(worker, nprocs=len(args.gpu_ranks), args=(args.gpu_ranks, args, model), daemon=False)
    else:
        worker(0, args.gpu_ranks, args, model)


def worker(proc_id, gpu_ranks, args, model):
    rank = gpu_ranks[proc_id]
    gpu_id = proc_id
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    if args.fp16:
        try:
            from apex import amp
        except ImportError:
            raise ImportError("Please install apex from https://www.github.com/nvidia/apex to use fp16 training.")
        model, optimizer = amp.initialize(model, optimizer, opt_level=args.fp16_opt_level)
    if args.world_size > 1:
        dist.init_process_group(backend="nccl", init_method=args.master_ip, world_size=args.world_size, rank=rank)
        model = DistributedDataParallel(model, device_ids=[gpu_id], find_unused_parameters=True)
    dataset = torch.load(args.dataset_path)
    for step in range(args.total_steps):
        loss = model(dataset[step % len(dataset)])
        loss.backward()
        optimizer.step()
