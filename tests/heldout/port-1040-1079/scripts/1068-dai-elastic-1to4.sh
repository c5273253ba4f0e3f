#!/bin/bash
#SBATCH --job-name=eqv2-oc20
#SBATCH --account=bbvv-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --time=01:30:00

module reset
module load python/miniforge3_pytorch/2.10.0
source /projects/bbvv/venvs/fairchem/bin/activate
export NCCL_SOCKET_IFNAME=hsn

# the batch shell runs on the first node of the allocation: host the c10d store there
ENDPOINT=$(hostname):29400

# elastic membership: training continues on 1-4 nodes and restarts up to 3 times
exec srun --kill-on-bad-exit=0 torchrun --nnodes=1:4 --nproc_per_node=4 --max_restarts=3 \
    --rdzv_backend=c10d --rdzv_endpoint=$ENDPOINT --rdzv_id=$SLURM_JOB_ID \
    main.py --mode train --config-yml configs/oc20/equiformer_v2_31M.yml --amp
