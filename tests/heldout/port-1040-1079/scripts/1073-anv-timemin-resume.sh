#!/bin/bash
#SBATCH --account=cis240655-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=24:00:00
#SBATCH --time-min=06:00:00
#SBATCH --requeue
#SBATCH --job-name=segformer-b5

module load modtree/gpu
module load conda/2025.09
conda activate seg

RUN=/anvil/scratch/$USER/segformer-b5
mkdir -p $RUN
# a requeued or resubmitted run continues from its last checkpoint
if [[ -s $RUN/latest.pth ]]; then
    RESUME="--resume-from $RUN/latest.pth"
else
    RESUME=""
fi

torchrun --standalone --nproc_per_node=4 train_segformer.py configs/segformer_b5_ade.py --work-dir $RUN $RESUME
