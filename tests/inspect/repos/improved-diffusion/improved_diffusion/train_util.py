# Training loop: DDP over the MPI ranks, optional fp16 (fixture).
from torch.nn.parallel.distributed import DistributedDataParallel as DDP


class TrainLoop:
    def __init__(self, model, data, batch_size, lr, use_fp16=False):
        self.ddp_model = DDP(model)
        self.batch_size = batch_size
        self.lr = lr
        self.use_fp16 = use_fp16

    def run_loop(self):
        pass
