CONFIG_FILE="./train_configs/llama3_8b.toml" ./run_train.sh --training.steps 2000
