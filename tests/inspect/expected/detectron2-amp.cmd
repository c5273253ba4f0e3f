python tools/train_net.py --num-gpus 4 --config-file configs/COCO-Detection/retinanet_R_50_FPN_1x.yaml SOLVER.AMP.ENABLED True SOLVER.IMS_PER_BATCH 8
