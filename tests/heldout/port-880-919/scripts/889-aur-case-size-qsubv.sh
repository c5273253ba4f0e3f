#!/bin/bash -l
#PBS -N llm-pretrain
#PBS -A LLMscience
#PBS -q capacity
#PBS -l place=scatter
#PBS -l walltime=10:00:00
#PBS -l filesystems=home:flare
#PBS -k doe

# The node count is given at submission together with the model size:
#   qsub -l select=<nodes> -v SIZE=small|medium|large aurora_llm.pbs

cd ${PBS_O_WORKDIR}
module load frameworks
source /lus/flare/projects/LLMscience/venvs/llm/bin/activate

SIZE=${SIZE:-small}
case "$SIZE" in
    small)
        MODEL_ARGS="--num-layers 24 --hidden-size 2048 --num-attention-heads 16"
        ;;
    medium)
        MODEL_ARGS="--num-layers 32 --hidden-size 4096 --num-attention-heads 32"
        ;;
    large)
        MODEL_ARGS="--num-layers 48 --hidden-size 6144 --num-attention-heads 48"
        ;;
    *)
        echo "unknown SIZE=$SIZE" >&2
        exit 1
        ;;
esac

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29510

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} \
    --cpu-bind list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 -u pretrain_llm.py ${MODEL_ARGS} --seq-length 4096 --train-iters 20000 --save /lus/flare/projects/LLMscience/ckpt/${SIZE}
