bash tools/dist_train.sh configs/faster_rcnn/faster-rcnn_r101_fpn_2x_coco.py 8 --cfg-options train_dataloader.batch_size=4
