#!/bin/bash
#SBATCH -J dpo-s3
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 05:00:00
#SBATCH -A ASC25007
#SBATCH -o dpo.%j.out

module load python
source /work2/09876/rgupta/venvs/accel/bin/activate

export MAIN_HOST=$(scontrol show hostnames $SLURM_NODELIST | head -1)

# one accelerate launcher per node (ibrun -n 2 over 2 nodes); PMI_RANK is the node index
launch() {
    ibrun bash -c 'accelerate launch --multi_gpu --num_machines 2 --num_processes 8 \
        --machine_rank $PMI_RANK --main_process_ip $MAIN_HOST --main_process_port 29610 \
        train_dpo.py --model_name_or_path mistralai/Mistral-7B-v0.1 --beta 0.1 --output_dir $SCRATCH/dpo-out'
}

for attempt in 1 2; do
    launch && break
    echo "attempt $attempt failed, retrying in 60s"
    sleep 60
done
