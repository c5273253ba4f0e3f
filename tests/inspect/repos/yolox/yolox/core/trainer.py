from torch.nn.parallel import DistributedDataParallel as DDP


class Trainer:
    def __init__(self, exp, args):
        self.exp = exp
        self.args = args
        self.max_epoch = exp.max_epoch
        self.amp_training = args.fp16

    def train(self):
        model = self.exp.get_model()
        if self.is_distributed:
            model = DDP(model, device_ids=[self.local_rank], broadcast_buffers=False)
