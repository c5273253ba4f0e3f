"""Defaults (yacs) and how chosen command-line options land in them
(mechanism learned from microsoft/Swin-Transformer config.py update_config)."""
from yacs.config import CfgNode as CN

_C = CN()
_C.DATA = CN()
_C.DATA.BATCH_SIZE = 128
_C.DATA.DATA_PATH = ''
_C.MODEL = CN()
_C.MODEL.NAME = 'convmixer_768_32'
_C.TRAIN = CN()
_C.TRAIN.EPOCHS = 300
_C.TRAIN.BASE_LR = 5e-4
_C.TRAIN.ACCUMULATION_STEPS = 1
_C.TRAIN.USE_CHECKPOINT = False
_C.AMP_ENABLE = True
_C.OUTPUT = 'output'


def update_config(config, args):
    config.merge_from_file(args.cfg)
    config.defrost()

    def _check_args(name):
        if hasattr(args, name) and eval(f'args.{name}'):
            return True
        return False

    if _check_args('batch_size'):
        config.DATA.BATCH_SIZE = args.batch_size
    if _check_args('data_path'):
        config.DATA.DATA_PATH = args.data_path
    if _check_args('accumulation_steps'):
        config.TRAIN.ACCUMULATION_STEPS = args.accumulation_steps
    if _check_args('use_checkpoint'):
        config.TRAIN.USE_CHECKPOINT = True
    if _check_args('disable_amp'):
        config.AMP_ENABLE = False
    if _check_args('output'):
        config.OUTPUT = args.output
    config.freeze()
