# ddp.py - DistributedDataParallel backend (torchrun sets RANK/LOCAL_RANK/WORLD_SIZE)
import os

from torch.distributed import destroy_process_group, init_process_group
from torch.nn.parallel import DistributedDataParallel as DDP


class DataParallelDistributedBackend:
    def __init__(self, args):
        self.rank = int(os.environ.get('RANK', -1))
        assert self.rank != -1, "DDP backend can not be used without rank"
        init_process_group(backend=args.distributed_backend)
        self.local_rank = int(os.environ['LOCAL_RANK'])

    def get_adjusted_args_for_process(self, args):
        args.device = f'cuda:{self.local_rank}'
        args.seed = args.seed + self.local_rank
        return args

    def transform_model(self, model):
        return DDP(model, device_ids=[self.local_rank])

    def get_raw_model(self, model):
        return model.module

    def finalize(self):
        destroy_process_group()
