#!/bin/bash
# family: Accelerate on Polaris: mpiexec starts one accelerate launch per node (--ppn 1), the machine
# rank from the launcher's PMI_RANK inside bash -c, the totals computed from the node file
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProj
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda; conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
mpiexec -n ${NNODES} --ppn 1 --depth 32 --cpu-bind depth bash -c "accelerate launch --num_machines ${NNODES} --num_processes $((NNODES * 4)) --machine_rank \${PMI_RANK} --main_process_ip ${MASTER_ADDR} --main_process_port 29500 sft.py --model_name gpt2 --epochs 1"
