python tools/train_net.py --num-gpus 8 --config-file configs/LVIS/mask_rcnn_R_50_FPN_amp.yaml
