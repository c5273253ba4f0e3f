#!/bin/bash
# family: NeMo launched by srun, Hydra overrides (key=value) carry the Megatron parallel sizes
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --time=12:00:00
#SBATCH --exclusive
srun python megatron_gpt_pretraining.py --config-path=conf --config-name=megatron_gpt_config trainer.devices=8 trainer.num_nodes=2 model.tensor_model_parallel_size=2 model.pipeline_model_parallel_size=1
