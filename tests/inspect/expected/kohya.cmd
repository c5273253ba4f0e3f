accelerate launch --num_cpu_threads_per_process 1 train_network.py --config_file=config/lora.toml
