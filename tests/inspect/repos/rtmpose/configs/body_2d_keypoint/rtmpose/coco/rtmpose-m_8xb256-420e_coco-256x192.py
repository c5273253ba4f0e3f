_base_ = ['../../../_base_/default_runtime.py']

# runtime
max_epochs = 420
stage2_num_epochs = 30
base_lr = 4e-3
train_batch_size = 256
val_batch_size = 64

train_cfg = dict(max_epochs=max_epochs, val_interval=10)

# optimizer
optim_wrapper = dict(
    type='OptimWrapper',
    optimizer=dict(type='AdamW', lr=base_lr, weight_decay=0.05),
    paramwise_cfg=dict(norm_decay_mult=0, bias_decay_mult=0, bypass_duplicate=True))

# model settings
model = dict(
    type='TopdownPoseEstimator',
    backbone=dict(
        type='CSPNeXt',
        arch='P5',
        deepen_factor=0.67,
        widen_factor=0.75,
        out_indices=(4, )),
    head=dict(type='RTMCCHead', in_channels=768, out_channels=17))

# base dataset settings
dataset_type = 'CocoDataset'
data_mode = 'topdown'
data_root = 'data/coco/'

train_dataloader = dict(
    batch_size=train_batch_size,
    num_workers=10,
    persistent_workers=True,
    sampler=dict(type='DefaultSampler', shuffle=True),
    dataset=dict(
        type=dataset_type,
        data_root=data_root,
        data_mode=data_mode,
        ann_file='annotations/person_keypoints_train2017.json',
        data_prefix=dict(img='train2017/')))
val_dataloader = dict(
    batch_size=val_batch_size,
    dataset=dict(
        type=dataset_type,
        data_root=data_root,
        ann_file='annotations/person_keypoints_val2017.json',
        data_prefix=dict(img='val2017/'),
        test_mode=True))
