CONFIG_FILE="./torchtitan/models/llama3/train_configs/llama3_70b.toml" ./run_train.sh
