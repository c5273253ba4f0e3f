# configs/convnext_tiny_in1k.py - ConvNeXt-T on ImageNet-1k, 300 epochs
MODEL = "convnext_tiny"
DROP_PATH = 0.1
BATCH_SIZE = 128
LR = 4e-3
WEIGHT_DECAY = 0.05
EPOCHS = 300
WARMUP_EPOCHS = 20
DATA_ROOT = "/data/imagenet"
AMP = True
