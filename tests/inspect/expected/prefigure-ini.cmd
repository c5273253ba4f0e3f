python3 train_vocoder.py --batch-size 12 --num-gpus 2
