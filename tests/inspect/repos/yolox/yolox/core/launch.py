import torch.distributed as dist
import torch.multiprocessing as mp


def launch(main_func, num_gpus_per_machine, num_machines=1, backend="nccl", args=()):
    world_size = num_machines * num_gpus_per_machine
    if world_size > 1:
        mp.start_processes(_distributed_worker, nprocs=num_gpus_per_machine, args=(main_func, world_size, backend, args))
    else:
        main_func(*args)


def _distributed_worker(local_rank, main_func, world_size, backend, args):
    dist.init_process_group(backend=backend, world_size=world_size, rank=local_rank)
    main_func(*args)
