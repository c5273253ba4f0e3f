python main.py --cfg configs/GPS/cifar10-GPS.yaml optim.max_epoch 50 train.batch_size 8
