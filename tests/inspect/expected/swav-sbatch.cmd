sbatch ./scripts/swav_400ep_pretrain.sh
