import torch


class NativeScalerWithGradNormCount:
    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()


def get_world_size():
    return torch.distributed.get_world_size()


def init_distributed_mode(args):
    torch.distributed.init_process_group(backend='nccl', init_method=args.dist_url)
