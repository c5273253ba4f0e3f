python -m torch.distributed.launch --nproc_per_node=8 --use_env main.py --coco_path /data/coco --batch_size 4 --output_dir out/detr
