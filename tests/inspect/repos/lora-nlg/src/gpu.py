import torch
import torch.distributed as dist


def add_gpu_params(parser):
    parser.add_argument("--platform", default='k8s', type=str, help='platform cloud')
    parser.add_argument("--local_rank", default=0, type=int, help='local rank')
    parser.add_argument("--rank", default=0, type=int, help='rank')
    parser.add_argument("--device", default=0, type=int, help='device')
    parser.add_argument("--world_size", default=0, type=int, help='world size')
    parser.add_argument("--random_seed", default=10, type=int, help='random seed')


def parse_gpu(args):
    torch.manual_seed(args.random_seed)
    if args.platform == 'local':
        dist.init_process_group(backend='nccl')
        args.rank = dist.get_rank()
        args.world_size = dist.get_world_size()


def distributed_opt(args, model, opt, grad_acc=1):
    if args.platform in ('local', 'k8s', 'philly'):
        model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.local_rank], output_device=args.local_rank,
                                                          find_unused_parameters=False, broadcast_buffers=False)
    return model, opt


def distributed_sync(args):
    dist.barrier()
