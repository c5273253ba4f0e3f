torchrun --nproc-per-node 8 --master_port $RANDOM -m train example/7B.yaml
