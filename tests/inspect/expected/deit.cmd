python -m torch.distributed.launch --nproc_per_node=4 --use_env main.py --model deit_base_patch16_224 --batch-size 256 --data-path /path/to/imagenet --output_dir /path/to/save
