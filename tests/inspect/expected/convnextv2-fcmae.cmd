python submitit_pretrain.py --nodes 8 --ngpus 8 --model convnextv2_base --batch_size 64 --blr 1.5e-4 --epochs 1600 --warmup_epochs 40 --data_path /path/to/imagenet-1k --job_dir /path/to/save_results
