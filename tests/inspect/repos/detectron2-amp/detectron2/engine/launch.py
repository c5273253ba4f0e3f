import torch.multiprocessing as mp


def launch(main_func, num_gpus_per_machine, num_machines=1, machine_rank=0, dist_url=None, args=()):
    world_size = num_machines * num_gpus_per_machine
    if world_size > 1:
        mp.start_processes(_distributed_worker, nprocs=num_gpus_per_machine, args=(main_func, args))
    else:
        main_func(*args)


def _distributed_worker(local_rank, main_func, args):
    import torch.distributed as dist
    dist.init_process_group(backend="NCCL")
    main_func(*args)
