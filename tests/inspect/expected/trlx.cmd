accelerate launch --num_processes 7 --config_file configs/accelerate/zero2-bf16.yaml examples/ppo_sentiments.py
