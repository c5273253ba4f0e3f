python -m torch.distributed.run --nproc_per_node=8 train.py --cfg-path lavis/projects/blip2/train/pretrain_stage1.yaml --options run.max_epoch=5 run.batch_size_train=64
