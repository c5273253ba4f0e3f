#!/bin/bash
# family: Detectron2's own multi-machine launch: one srun task per node, the program spawns its GPU
# workers itself (--num-gpus), its machine rank from $SLURM_NODEID and a tcp:// rendezvous URL
#SBATCH --job-name=d2-mrcnn
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=48
#SBATCH --time=2-00:00:00
#SBATCH --output=logs/%x-%j.out

MASTER_NODE=$(scontrol show hostname "$SLURM_NODELIST" | head -n1)
DIST_URL="tcp://$MASTER_NODE:12399"
export DETECTRON2_DATASETS=/datasets

srun python -u train_net.py --num-gpus 8 --num-machines 2 --machine-rank "$SLURM_NODEID" \
    --dist-url "$DIST_URL" --config-file configs/mask_rcnn_R_50_FPN_3x.yaml SOLVER.IMS_PER_BATCH 32
