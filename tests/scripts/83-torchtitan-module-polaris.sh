#!/bin/bash
# family: not DDP - torchtitan (FSDP2) started with torchrun -m under mpiexec, one launcher per node
# (https://github.com/pytorch/torchtitan)
#PBS -l select=2:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A LLMTrain
cd ${PBS_O_WORKDIR}
HEAD=$(head -n 1 $PBS_NODEFILE)
mpiexec -n 2 --ppn 1 torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 \
    -m torchtitan.train --job.config_file ./train_configs/llama3_8b.toml
