#!/bin/bash
# family: Ray on Slurm: a head and workers started by srun in the background, the driver on the batch node
#SBATCH --job-name=ray
#SBATCH --nodes=3
#SBATCH --tasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --gpus-per-task=4
#SBATCH --time=02:00:00
nodes=$(scontrol show hostnames "$SLURM_JOB_NODELIST")
nodes_array=($nodes)
head_node=${nodes_array[0]}
head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
port=6379
srun --nodes=1 --ntasks=1 -w "$head_node" ray start --head --node-ip-address="$head_ip" --port=$port --num-gpus 4 --block &
sleep 10
for ((i = 1; i < SLURM_JOB_NUM_NODES; i++)); do
    srun --nodes=1 --ntasks=1 -w "${nodes_array[$i]}" ray start --address "$head_ip:$port" --num-gpus 4 --block &
    sleep 5
done
python -u tune_cifar.py --num-samples 8
