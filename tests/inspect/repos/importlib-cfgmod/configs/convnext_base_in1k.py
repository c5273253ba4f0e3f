# configs/convnext_base_in1k.py - ConvNeXt-B on ImageNet-1k
MODEL = "convnext_base"
DROP_PATH = 0.5
BATCH_SIZE = 64
LR = 4e-3
WEIGHT_DECAY = 0.05
EPOCHS = 300
WARMUP_EPOCHS = 20
DATA_ROOT = "/data/imagenet"
AMP = False
