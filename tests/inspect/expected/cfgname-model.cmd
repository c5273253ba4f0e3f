torchrun --nproc_per_node 4 train.py --config configs/swin_tiny_patch4_window7_224_finetune_cifar.yaml
