#!/bin/bash
# family: a EuroHPC training-course script: the rendezvous port computed with expr from the job id,
# OMP_NUM_THREADS as a prefix of srun, one torchrun with c10d on the batch host
#SBATCH --job-name=mnist-ddp-torchrun
#SBATCH --output=%x_%j.out
#SBATCH --partition=boost_usr_prod
#SBATCH --account=tra25_course
#SBATCH --time=10:00
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=8

module load python/3.11.6--gcc--8.5.0
source $WORK/ddp_venv/bin/activate

head_node_ip=$(hostname --ip-address)
export rdzv_port=$(expr 10000 + $(echo -n $SLURM_JOBID | tail -c 4))

OMP_NUM_THREADS=8 srun torchrun --nproc_per_node=2 --nnodes 1 --rdzv_id $rdzv_port --rdzv_backend c10d --rdzv_endpoint $head_node_ip:$rdzv_port mnist_classify_ddp.py --epochs 5
