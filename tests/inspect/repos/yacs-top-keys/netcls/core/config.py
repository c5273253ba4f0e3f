"""Image classification defaults (yacs); --cfg YAML and trailing KEY VALUE words override them
(mechanism learned from facebookresearch/pycls pycls/core/config.py)."""
import argparse
import sys

from yacs.config import CfgNode

_C = CfgNode()
cfg = _C
_C.MODEL = CfgNode()
_C.MODEL.TYPE = ""
_C.MODEL.NUM_CLASSES = 10
_C.OPTIM = CfgNode()
_C.OPTIM.BASE_LR = 0.1
_C.OPTIM.MAX_EPOCH = 200
_C.OPTIM.MOMENTUM = 0.9
_C.TRAIN = CfgNode()
_C.TRAIN.DATASET = ""
_C.TRAIN.BATCH_SIZE = 128
_C.NUM_GPUS = 1
_C.OUT_DIR = "/tmp"
_C.RNG_SEED = None


def load_cfg_fom_args(description="Config file options."):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cfg", dest="cfg_file", help="Config file location", required=True, type=str)
    parser.add_argument("opts", help="See config.py for all options", default=None, nargs=argparse.REMAINDER)
    if len(sys.argv) == 1:
        parser.print_help()
        sys.exit(1)
    args = parser.parse_args()
    _C.merge_from_file(args.cfg_file)
    _C.merge_from_list(args.opts)
