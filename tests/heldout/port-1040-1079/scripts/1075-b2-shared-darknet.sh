#!/bin/bash -l
#SBATCH -J yolo-darknet
#SBATCH -A cis250233p
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gres=gpu:v100-32:4
#SBATCH -t 10:00:00
#SBATCH -o %x.%j.out

module load cuda
cd /ocean/projects/cis250233p/$USER/darknet      # AlexeyAB darknet built with GPU=1 CUDNN=1

# darknet wants an explicit GPU list: take the indices of the GPUs this job can see
read -r GPUS <<< "$(nvidia-smi --query-gpu=index --format=csv,noheader | paste -sd, -)"
echo "training on GPUs $GPUS"

./darknet detector train data/obj.data cfg/yolov4-custom.cfg yolov4.conv.137 -gpus "$GPUS" -dont_show -map
