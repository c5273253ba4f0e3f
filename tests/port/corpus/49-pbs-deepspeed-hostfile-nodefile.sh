#!/bin/bash
#PBS -N opt-6.7b-z3
#PBS -q gpu_a100
#PBS -l select=2:ncpus=32:ngpus=4:mpiprocs=4:mem=480gb
#PBS -l walltime=10:00:00
#PBS -j oe
#PBS -P 21170042

cd $PBS_O_WORKDIR

module load miniforge3
conda activate ds-train

export HF_HOME=$HOME/scratch/hf
export TOKENIZERS_PARALLELISM=false

# PBS_NODEFILE has one line per MPI slot; DeepSpeed wants one line per host
sort -u $PBS_NODEFILE | sed 's/$/ slots=4/' > hostfile
echo "hostfile:"; cat hostfile

export MASTER_ADDR=$(head -n 1 hostfile | awk '{print $1}')

cat > ds_config.json <<EOF
{
  "train_micro_batch_size_per_gpu": 1,
  "gradient_accumulation_steps": 16,
  "fp16": {"enabled": true, "loss_scale": 0},
  "zero_optimization": {
    "stage": 3,
    "offload_param": {"device": "cpu", "pin_memory": true},
    "offload_optimizer": {"device": "cpu", "pin_memory": true},
    "stage3_gather_16bit_weights_on_model_save": true
  }
}
EOF

deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 4 --master_addr $MASTER_ADDR --master_port 29500 \
    train.py --model facebook/opt-6.7b --data ./data/pile_subset --max-steps 3000 --deepspeed ds_config.json
