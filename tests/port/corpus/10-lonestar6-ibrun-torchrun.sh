#!/bin/bash
#SBATCH -J bert-pretrain
#SBATCH -o bert-pretrain.o%j
#SBATCH -e bert-pretrain.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 10:00:00
#SBATCH -A ASC24010
#SBATCH --mail-type=all
#SBATCH --mail-user=jdoe@utexas.edu

module load python3/3.9.7
source $SCRATCH/python-envs/torch28/bin/activate

cd $SCRATCH/bert

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
export HF_HOME=$SCRATCH/hf_home

# ibrun starts one task per node (-n 2 on -N 2); PMI_RANK is the node index
ibrun bash -c 'torchrun --nnodes=2 --nproc_per_node=3 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT run_mlm.py --model_type bert --tokenizer_name bert-base-uncased --dataset_name wikipedia --dataset_config_name 20220301.en --do_train --per_device_train_batch_size 32 --output_dir $SCRATCH/bert/out'
