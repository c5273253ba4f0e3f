torchrun --nnodes=1 --nproc_per_node=8 train.py --config configs/training/v1/training.yaml
