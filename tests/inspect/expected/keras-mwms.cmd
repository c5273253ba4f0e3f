python train.py --data_dir /scratch/imagenet/tfrecords --batch_size 1024 --epochs 90 --mixed_precision
