#!/bin/bash -l
#PBS -N clm-fsdp
#PBS -A LLMpilot
#PBS -q capacity
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=04:00:00
#PBS -l filesystems=home:flare
#PBS -o /flare/LLMpilot/logs/
#PBS -j oe

cd ${PBS_O_WORKDIR}
module load frameworks
source /flare/LLMpilot/venvs/hf/bin/activate

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
NNODES=$(wc -l < $PBS_NODEFILE)
HEAD=$(head -n 1 $PBS_NODEFILE)

# one torchrun agent per node, 12 tiles each
mpiexec -n ${NNODES} -ppn 1 --cpu-bind none \
    torchrun --nnodes ${NNODES} --nproc_per_node 12 \
      --rdzv_backend c10d --rdzv_endpoint ${HEAD}:29400 --rdzv_id ${PBS_JOBID%%.*} \
      run_clm.py --model_name_or_path gpt2-large --dataset_name wikitext \
        --fsdp "full_shard auto_wrap" --fsdp_transformer_layer_cls_to_wrap GPT2Block \
        --per_device_train_batch_size 4 --output_dir out/clm
