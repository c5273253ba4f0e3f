python -m torch.distributed.launch --nproc_per_node=8 main.py -m dab_detr --output_dir logs/DABDETR/R50 --batch_size 1 --epochs 50 --lr_drop 40 --coco_path /path/to/COCODIR
