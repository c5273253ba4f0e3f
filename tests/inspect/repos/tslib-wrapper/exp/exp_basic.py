# The experiment base class: the table of models by name, the device.
import torch
from models import TimesNet, Transformer


class Exp_Basic(object):
    def __init__(self, args):
        self.args = args
        self.model_dict = {
            'TimesNet': TimesNet,
            'Transformer': Transformer,
        }
        self.device = torch.device('cuda:{}'.format(self.args.gpu)) if args.use_gpu else torch.device('cpu')
        self.model = self._build_model().to(self.device)
