#!/bin/bash
# family: LLaMA-Factory's console command under PBS mpiexec, one rank per node (the tool spawns
# torchrun itself when FORCE_TORCHRUN is set)
#PBS -l select=1:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MyProject
cd "$PBS_O_WORKDIR"
export FORCE_TORCHRUN=1
mpiexec -n 1 --ppn 1 llamafactory-cli train examples/train_lora/llama3_lora_sft.yaml
