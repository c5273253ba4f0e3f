#!/bin/bash
#BSUB -J detr-coco
#BSUB -q gpu
#BSUB -n 16
#BSUB -R "span[hosts=1]"
#BSUB -R "rusage[mem=8000]"
#BSUB -gpu "num=4:mode=exclusive_process"
#BSUB -W 120
#BSUB -o logs/detr.%J.out
#BSUB -e logs/detr.%J.err

module purge
module load cuda/12.1 anaconda3/2023.09
conda activate detr

export OMP_NUM_THREADS=4
export PYTHONUNBUFFERED=1

cd $LS_SUBCWD

torchrun --standalone --nproc_per_node=4 main.py \
    --coco_path /data/datasets/coco2017 \
    --batch_size 4 \
    --epochs 150 \
    --output_dir outputs/detr_r50
