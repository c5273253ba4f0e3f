accelerate launch --multi_gpu --num_processes 4 train.py --batch_size 16
