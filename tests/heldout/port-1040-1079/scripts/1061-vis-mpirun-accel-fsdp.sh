#!/bin/bash
#SBATCH -J llava-fsdp
#SBATCH -p gh
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 08:00:00
#SBATCH -o llava.%j.out

module load gcc/15.1.0 python3/3.11.8
source $SCRATCH/venvs/llava/bin/activate
export CUDA_HOME=/home1/apps/nvidia/Linux_aarch64/25.5/cuda/12.9/

MAIN=$(scontrol show hostnames | head -n 1)

write_config() {
    # one GH200 per node, so num_processes == num_machines
    cat > fsdp_nodes.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
fsdp_config:
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_backward_prefetch: BACKWARD_PRE
  fsdp_state_dict_type: FULL_STATE_DICT
mixed_precision: bf16
num_machines: $1
num_processes: $1
rdzv_backend: static
same_network: true
EOF
}
write_config "$SLURM_NNODES"

cat > multinode.sh <<EOF
#!/bin/bash
source $SCRATCH/venvs/llava/bin/activate
export CUDA_HOME=$CUDA_HOME
accelerate launch --config_file fsdp_nodes.yaml --machine_rank=\$OMPI_COMM_WORLD_RANK --main_process_ip=$MAIN --main_process_port=1234 \\
    train_llava.py --model_name_or_path lmsys/vicuna-7b-v1.5 --data_path $SCRATCH/llava/blip_laion_cc_sbu_558k.json --num_train_epochs 1
EOF
chmod +x multinode.sh

mpirun -np $SLURM_NNODES --map-by ppr:1:node ./multinode.sh
