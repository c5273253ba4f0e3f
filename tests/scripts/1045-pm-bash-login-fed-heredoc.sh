#!/bin/bash
# family: fed heredocs - the job body runs in a login shell fed a quoted heredoc (bash -l <<'EOF'),
# the launch line inside it
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
bash -l <<'EOF'
module load pytorch/2.3.1
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py --epochs 5
EOF
