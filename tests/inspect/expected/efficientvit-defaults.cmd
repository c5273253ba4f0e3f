torchrun --nnodes 1 --nproc_per_node=8 train_cls_model.py configs/cls/imagenet/b1.yaml --amp bf16 --run_config.base_lr 0.0004 --data_provider.base_batch_size 64 --path .exp/cls/imagenet/b1_r288/
