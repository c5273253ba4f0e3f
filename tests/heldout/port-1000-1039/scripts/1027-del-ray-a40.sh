#!/bin/bash
#SBATCH --job-name=ray-train
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=240g
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=06:00:00

module reset
module load pytorch-conda
source /projects/bbka/venvs/ray/bin/activate

nodes=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
port=6379
export RAY_ADDRESS=$head_node_ip:$port

srun --nodes=1 --ntasks=1 -w "$head_node" \
    ray start --head --node-ip-address="$head_node_ip" --port=$port \
    --num-cpus "$SLURM_CPUS_PER_TASK" --num-gpus 4 --block &
sleep 20

for ((i = 1; i < SLURM_JOB_NUM_NODES; i++)); do
    srun --nodes=1 --ntasks=1 -w "${nodes[$i]}" \
        ray start --address "$RAY_ADDRESS" --num-cpus "$SLURM_CPUS_PER_TASK" --num-gpus 4 --block &
    sleep 5
done

# Ray Train TorchTrainer: 12 workers, one per GPU, DDP inside
python -u ray_train_ddp.py --num-workers 12 --use-gpu --epochs 30 --storage-path /scratch/bbka/ray_results
