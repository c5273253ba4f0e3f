torchrun --nnodes 1 --nproc_per_node=4 train_seg_model.py configs/seg/cityscapes/b2.yaml --amp fp16 --run_config.n_epochs 120 --path .exp/seg/cityscapes/b2/
