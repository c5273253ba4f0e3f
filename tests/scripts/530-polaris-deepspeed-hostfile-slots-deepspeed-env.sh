#!/bin/bash -l
# family: a DeepSpeed hostfile written from the node file with sed, environment passed in .deepspeed_env
#PBS -l filesystems=home:grand:eagle
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -q prod
#PBS -A LLMproj
#PBS -N ssm-train
cd ${PBS_O_WORKDIR}
cat $PBS_NODEFILE > hostfile
sed -e 's/$/ slots=4/' -i hostfile
echo "PATH=${PATH}" > .deepspeed_env
echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH}" >> .deepspeed_env
echo "http_proxy=${http_proxy}" >> .deepspeed_env
module use /soft/modulefiles
module load conda
conda activate base
deepspeed --hostfile=hostfile --launcher=openmpi pretrain_ssm.py --deepspeed_config configs/zero1.json --seq-len 2048
