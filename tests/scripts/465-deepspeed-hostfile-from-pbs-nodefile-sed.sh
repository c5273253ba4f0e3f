#!/bin/bash
# family: Polaris - a DeepSpeed hostfile built in the script from the PBS node file (sed appends slots),
# then deepspeed --hostfile with the MPICH launcher
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A llmproj
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
sed 's/$/ slots=4/' $PBS_NODEFILE > hostfile
deepspeed --hostfile=hostfile --launcher MPICH --num_gpus 4 pretrain_gpt.py --deepspeed --deepspeed_config ds_config.json --train-iters 5000
