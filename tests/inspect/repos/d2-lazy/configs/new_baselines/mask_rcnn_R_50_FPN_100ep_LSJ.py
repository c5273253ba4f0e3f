from ..common.data.coco import dataloader
from ..common.models.mask_rcnn_fpn import model
from ..common.optim import SGD as optimizer
from ..common.train import train

train.amp.enabled = True
train.max_iter = 184375
train.eval_period = 5000

optimizer.lr = 0.1
optimizer.weight_decay = 4e-5

dataloader.train.total_batch_size = 64
