#!/bin/bash -l
#PBS -N llama-sft-fsdp
#PBS -A NLPfinetune
#PBS -q capacity
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=08:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load spack-pe-base apptainer

SIF=/eagle/NLPfinetune/containers/pytorch_24.05-py3.sif
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29510
NNODES=$(sort -u "$PBS_NODEFILE" | wc -l)

cat > accel_fsdp.yaml <<'YAML'
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
mixed_precision: bf16
num_machines: 2
num_processes: 8
fsdp_config:
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_transformer_layer_cls_to_wrap: LlamaDecoderLayer
  fsdp_state_dict_type: SHARDED_STATE_DICT
  fsdp_offload_params: false
rdzv_backend: static
same_network: true
YAML

# one accelerate launcher per node inside the container; the node rank comes from PMI_RANK
mpiexec -n "$NNODES" --ppn 1 --cpu-bind none \
  apptainer exec --nv --fakeroot -B /opt -B /var/run/palsd/ -B /eagle "$SIF" \
  bash -c "accelerate launch --config_file accel_fsdp.yaml --machine_rank \$PMI_RANK --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT \
    sft.py --model_name meta-llama/Llama-2-7b-hf --dataset data/alpaca.jsonl --max_seq_len 2048 --lr 2e-5 --epochs 3"
