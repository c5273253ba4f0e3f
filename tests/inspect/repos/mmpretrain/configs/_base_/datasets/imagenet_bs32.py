# dataset settings
dataset_type = 'ImageNet'
data_preprocessor = dict(num_classes=1000, to_rgb=True)

train_dataloader = dict(
    batch_size=32,
    num_workers=5,
    dataset=dict(
        type=dataset_type,
        data_root='data/imagenet',
        split='train'),
    sampler=dict(type='DefaultSampler', shuffle=True),
)

val_dataloader = dict(
    batch_size=32,
    num_workers=5,
    dataset=dict(
        type=dataset_type,
        data_root='data/imagenet',
        split='val'),
    sampler=dict(type='DefaultSampler', shuffle=False),
)
