#!/bin/bash -l
#PBS -N bert-zero1
#PBS -A NLPtrain
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base

awk '{print $1" slots=8"}' $PBS_NODEFILE > hostfile

cat > zero1.json <<EOF
{
  "train_batch_size": 256,
  "fp16": {"enabled": true},
  "zero_optimization": {"stage": 1}
}
EOF

deepspeed --hostfile hostfile --launcher mpich \
    run_mlm.py --deepspeed zero1.json --model_name_or_path bert-large-uncased --max_seq_length 512
