from mmdet.datasets import CocoDataset

dataset_type = CocoDataset
data_root = 'data/coco/'
train_dataloader = dict(
    batch_size=2,
    num_workers=2,
    dataset=dict(type=dataset_type, data_root=data_root, ann_file='annotations/instances_train2017.json'))
