#!/bin/bash -l
# family: DeepSpeed on Polaris with a hostfile built from PBS_NODEFILE (https://docs.alcf.anl.gov/polaris/data-science/frameworks/deepspeed/)
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base
cat $PBS_NODEFILE | sed 's/$/ slots=4/' > hostfile
cat > ds_config.json <<EOT
{"train_batch_size": 32, "zero_optimization": {"stage": 2}}
EOT
deepspeed --hostfile=hostfile --launcher MPICH cifar10_deepspeed.py --deepspeed --deepspeed_config ds_config.json
