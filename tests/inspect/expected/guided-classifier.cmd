export TRAIN_FLAGS="--iterations 300000 --anneal_lr True --batch_size 256 --lr 3e-4 --save_interval 10000 --weight_decay 0.05"
export CLASSIFIER_FLAGS="--image_size 128 --classifier_attention_resolutions 32,16,8 --classifier_depth 2 --classifier_width 128"
mpiexec -n 8 python scripts/classifier_train.py --data_dir /data/imagenet/train $TRAIN_FLAGS $CLASSIFIER_FLAGS
