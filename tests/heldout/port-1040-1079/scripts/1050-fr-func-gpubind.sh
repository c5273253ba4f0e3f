#!/bin/bash
#SBATCH -A CLI142
#SBATCH -J graphcast-16n
#SBATCH -p batch
#SBATCH -N 16
#SBATCH -t 02:00:00
#SBATCH --network=disable_rdzv_get
#SBATCH -o %x-%j.out

module load PrgEnv-gnu/8.7.0
module load cpe/26.03
module load miniforge3/23.11.0-0
module load rocm/7.1.1
module load craype-accel-amd-gfx90a
module load rccl-net-plugin
export LD_LIBRARY_PATH=$CRAY_LD_LIBRARY_PATH:$LD_LIBRARY_PATH
source activate /lustre/orion/cli142/proj-shared/envs/gc-torch

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export MIOPEN_USER_DB_PATH=/tmp/my-miopen-cache
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
rm -rf $MIOPEN_USER_DB_PATH
mkdir -p $MIOPEN_USER_DB_PATH

# one rank per GCD, 7 cores each, every rank sees only its closest GCD (as torch device 0)
launch() {
    local nodes=$1
    shift
    exec srun -N "$nodes" -n $(( nodes * 8 )) --ntasks-per-node=8 -c 7 \
        --gpus-per-task=1 --gpu-bind=closest "$@"
}

launch "$SLURM_JOB_NUM_NODES" python3 -u train_graphcast.py --config configs/gc_1deg.yaml --master_addr "$MASTER_ADDR" --master_port "$MASTER_PORT"
