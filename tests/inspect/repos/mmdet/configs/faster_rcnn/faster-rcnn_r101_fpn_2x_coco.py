_base_ = './faster-rcnn_r50_fpn_1x_coco.py'

model = dict(
    backbone=dict(
        depth=101,
        init_cfg=dict(type='Pretrained', checkpoint='torchvision://resnet101')))

max_epochs = 24
train_cfg = dict(max_epochs=max_epochs)
