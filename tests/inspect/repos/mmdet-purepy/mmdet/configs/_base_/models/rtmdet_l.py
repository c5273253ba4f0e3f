from mmdet.models import RTMDet

model = dict(
    type=RTMDet,
    backbone=dict(deepen_factor=1, widen_factor=1),
    bbox_head=dict(num_classes=80))
