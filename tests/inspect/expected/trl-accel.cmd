trl dpo --config dpo_config.yaml --accelerate_config zero2 --num_processes 4 --learning_rate 1.0e-6
