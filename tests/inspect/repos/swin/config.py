"""Default settings (yacs); a YAML file and the command line update them."""
from yacs.config import CfgNode as CN

_C = CN()
_C.DATA = CN()
_C.DATA.BATCH_SIZE = 128
_C.DATA.DATA_PATH = ''
_C.DATA.DATASET = 'imagenet'
_C.DATA.IMG_SIZE = 224
_C.MODEL = CN()
_C.MODEL.TYPE = 'swin'
_C.MODEL.NAME = 'swin_tiny_patch4_window7_224'
_C.MODEL.DROP_PATH_RATE = 0.1
_C.TRAIN = CN()
_C.TRAIN.EPOCHS = 300
_C.TRAIN.BASE_LR = 5e-4
_C.TRAIN.WEIGHT_DECAY = 0.05
_C.TRAIN.ACCUMULATION_STEPS = 1


def update_config(config, args):
    config.defrost()
    if args.batch_size:
        config.DATA.BATCH_SIZE = args.batch_size
    if args.data_path:
        config.DATA.DATA_PATH = args.data_path


def get_config(args):
    config = _C.clone()
    update_config(config, args)
    return config
