from mmengine.config import read_base

with read_base():
    from .._base_.models.rtmdet_l import *
    from .._base_.datasets.coco_detection import *

from torch.optim import AdamW
from mmengine.optim import OptimWrapper

max_epochs = 300
base_lr = 0.004
train_dataloader.update(dict(batch_size=32, num_workers=10))
train_cfg = dict(max_epochs=max_epochs, val_interval=10)
optim_wrapper = dict(type=OptimWrapper, optimizer=dict(type=AdamW, lr=base_lr, weight_decay=0.05))
