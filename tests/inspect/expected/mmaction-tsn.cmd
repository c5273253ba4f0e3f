bash tools/dist_train.sh configs/recognition/tsn/tsn_imagenet-pretrained-r50_8xb32-1x1x3-100e_kinetics400-rgb.py 8 --amp --cfg-options train_cfg.max_epochs=50
