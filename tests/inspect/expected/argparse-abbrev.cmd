python -m torch.distributed.launch --nproc_per_node 8 tools/train.py --batch 256 --conf configs/det_s.py --data data/shapes.yaml --epoch 120 --img 1280 --device 0,1,2,3,4,5,6,7
