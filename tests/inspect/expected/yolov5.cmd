python -m torch.distributed.run --nproc_per_node 4 train.py --data coco.yaml --epochs 300 --weights '' --cfg yolov5s.yaml --batch-size 256 --device 0,1,2,3
