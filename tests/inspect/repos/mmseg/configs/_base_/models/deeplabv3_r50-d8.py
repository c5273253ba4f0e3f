norm_cfg = dict(type='SyncBN', requires_grad=True)
data_preprocessor = dict(type='SegDataPreProcessor', mean=[123.675, 116.28, 103.53], std=[58.395, 57.12, 57.375])
model = dict(
    type='EncoderDecoder',
    data_preprocessor=data_preprocessor,
    pretrained='open-mmlab://resnet50_v1c',
    backbone=dict(type='ResNetV1c', depth=50, num_stages=4, norm_cfg=norm_cfg),
    decode_head=dict(type='ASPPHead', in_channels=2048, channels=512, num_classes=19),
)
