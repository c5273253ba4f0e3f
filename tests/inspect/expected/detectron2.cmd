python tools/train_net.py --num-gpus 8 --config-file configs/COCO-InstanceSegmentation/mask_rcnn_R_101_FPN_3x.yaml SOLVER.IMS_PER_BATCH 32 SOLVER.BASE_LR 0.04
