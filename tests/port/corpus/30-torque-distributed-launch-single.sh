#!/bin/bash
#PBS -N yolo-train
#PBS -l nodes=1:ppn=16:gpus=2
#PBS -l walltime=48:00:00
#PBS -q gpuq
#PBS -o yolo.out
#PBS -e yolo.err

cd $PBS_O_WORKDIR
source /opt/anaconda3/etc/profile.d/conda.sh
conda activate yolo

python -m torch.distributed.launch --use_env --nproc_per_node=2 --master_port=29501 \
    train.py --data data/coco.yaml --cfg models/yolov5s.yaml --weights '' --batch-size 64 --device 0,1
