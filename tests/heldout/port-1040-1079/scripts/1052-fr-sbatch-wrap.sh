#!/bin/bash
# submit_ft.sh -- run this on a Frontier login node; the job itself is the --wrap string.
set -euo pipefail

PROJ=GEN219
ENV=/lustre/orion/gen219/proj-shared/envs/torch210

sbatch -A "$PROJ" -p batch -N 2 -t 01:30:00 -J wrap-segformer \
    --network=disable_rdzv_get -o wrap-segformer-%j.out \
    --wrap "module load PrgEnv-gnu/8.7.0 cpe/26.03 miniforge3/23.11.0-0 rocm/7.1.1 rccl-net-plugin craype-accel-amd-gfx90a && \
export LD_LIBRARY_PATH=\$CRAY_LD_LIBRARY_PATH:\$LD_LIBRARY_PATH && source activate $ENV && \
export MASTER_ADDR=\$(hostname -i) MASTER_PORT=3442 NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3 && \
srun -n 16 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest python3 finetune_segformer.py --dataset ade20k --lr 6e-5"
