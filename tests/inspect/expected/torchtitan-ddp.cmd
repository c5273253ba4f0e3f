CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b_ddp.toml ./run_train.sh --training.steps 300
