"""Video model defaults (yacs), merged with a YAML (--cfg) and --opts KEY VALUE pairs
(mechanism learned from facebookresearch/SlowFast slowfast/config/defaults.py)."""
from fvcore.common.config import CfgNode

_C = CfgNode()
_C.TRAIN = CfgNode()
_C.TRAIN.ENABLE = True
_C.TRAIN.DATASET = "kinetics"
_C.TRAIN.BATCH_SIZE = 64
_C.TRAIN.MIXED_PRECISION = False
_C.SOLVER = CfgNode()
_C.SOLVER.BASE_LR = 0.1
_C.SOLVER.MAX_EPOCH = 300
_C.MODEL = CfgNode()
_C.MODEL.ARCH = "slowfast"
_C.MODEL.MODEL_NAME = "VideoNet"
_C.DATA = CfgNode()
_C.DATA.PATH_TO_DATA_DIR = ""
_C.NUM_GPUS = 1
_C.NUM_SHARDS = 1
_C.OUTPUT_DIR = "./tmp"
_C.RNG_SEED = 1


def get_cfg():
    return _C.clone()
