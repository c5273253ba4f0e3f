CUDA_VISIBLE_DEVICES=0 python examples/simple_trainer.py mcmc --data_dir data/360_v2/bicycle/ --data_factor 4 --result_dir ./results/bicycle --max_steps 15000
