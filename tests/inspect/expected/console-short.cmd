torchrun --nproc_per_node 4 $(which vtrain) /data/cifar100 -m vit_small_patch16_224 -b 128 -e 50 --lr 5e-4 --decay-epochs 20 40 --bf16
