GPUS_PER_NODE=8 ./tools/run_dist_launch.sh 16 ./configs/r50_detr.sh --batch_size 4 --coco_path /data/coco
