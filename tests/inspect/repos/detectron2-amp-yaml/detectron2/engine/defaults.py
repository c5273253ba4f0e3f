import argparse


def default_argument_parser(epilog=None):
    parser = argparse.ArgumentParser(epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config-file", default="", metavar="FILE", help="path to config file")
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--eval-only", action="store_true")
    parser.add_argument("--num-gpus", type=int, default=1, help="number of gpus *per machine*")
    parser.add_argument("--num-machines", type=int, default=1)
    parser.add_argument("--machine-rank", type=int, default=0)
    parser.add_argument("--dist-url", default="tcp://127.0.0.1:50152")
    parser.add_argument("opts", default=None, nargs=argparse.REMAINDER,
                        help="Modify config options at the end of the command: KEY VALUE pairs")
    return parser


class DefaultTrainer:
    def __init__(self, cfg):
        from torch.nn.parallel import DistributedDataParallel
        self.model = DistributedDataParallel(build_model(cfg))


def default_setup(cfg, args):
    pass


def build_model(cfg):
    return None
