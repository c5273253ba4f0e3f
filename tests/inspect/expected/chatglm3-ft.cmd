cd finetune_demo && OMP_NUM_THREADS=1 torchrun --standalone --nnodes=1 --nproc_per_node=8 finetune_hf.py data/AdvertiseGen_fix THUDM/chatglm3-6b configs/lora.yaml
