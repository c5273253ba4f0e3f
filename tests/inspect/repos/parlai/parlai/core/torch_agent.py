import torch
from torch.nn.parallel import DistributedDataParallel


class TorchAgent(object):
    @classmethod
    def add_cmdline_args(cls, parser):
        agent = parser.add_argument_group('TorchAgent Arguments')
        agent.add_argument('--fp16', type='bool', default=False, help='Use fp16 computations.')
        agent.add_argument('--fp16-impl', type=str, default='safe', choices=['safe', 'mem_efficient'])
        optim_group = parser.add_argument_group('Optimizer Arguments')
        optim_group.add_argument('-opt', '--optimizer', default='sgd', help='Optimizer choice.')
        optim_group.add_argument('-lr', '--learningrate', type=float, default=1, help='Learning rate')
        optim_group.add_argument('-clip', '--gradient-clip', type=float, default=0.1, help='gradient clipping using l2 norm')
        return agent

    def __init__(self, opt):
        self.opt = opt
        self.fp16 = opt['fp16'] and torch.cuda.is_available()
        if self.fp16:
            self.model = self.model.half()
        if torch.distributed.is_initialized():
            self.model = DistributedDataParallel(self.model, device_ids=[opt['gpu']])
