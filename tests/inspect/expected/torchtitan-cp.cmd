NGPU=8 CONFIG_FILE="./torchtitan/models/llama3/train_configs/llama3_8b.toml" ./run_train.sh --parallelism.context_parallel_degree 4 --parallelism.tensor_parallel_degree=2
