torchrun --nproc_per_node 4 train.py --config configs/baseline_cifar.yaml
