python run_with_submit.py --model deit_small_patch16_224 --data-path /path/to/imagenet --nodes 2 --ngpus 8 --batch-size 128
