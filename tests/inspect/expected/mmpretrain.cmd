bash ./tools/dist_train.sh configs/resnet/resnet50_8xb32-fp16_in1k.py 8
