#!/bin/bash
#SBATCH -J unet-era5
#SBATCH -A m4421_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 06:00:00
#SBATCH --time-min=02:00:00
#SBATCH --requeue
#SBATCH --signal=B:USR1@120
#SBATCH --open-mode=append
#SBATCH -o %x-%j.out

# usage: sbatch unet_era5.sbatch [-c CONFIG] [-o OUTDIR] [-s SEED]
# The job may start with anything between 2 and 6 hours (--time-min); it checkpoints on USR1
# and puts itself back in the queue, so a long run is a chain of these.

CONFIG=configs/unet_era5_1deg.yaml
OUTDIR=$SCRATCH/runs/unet-era5
SEED=1234

usage() { echo "usage: $0 [-c config] [-o outdir] [-s seed]" >&2; exit 2; }

while getopts ":c:o:s:h" opt; do
    case "$opt" in
        c) CONFIG=$OPTARG ;;
        o) OUTDIR=$OPTARG ;;
        s) SEED=$OPTARG ;;
        h) usage ;;
        :) echo "option -$OPTARG needs a value" >&2; usage ;;
        \?) echo "unknown option -$OPTARG" >&2; usage ;;
    esac
done
shift $((OPTIND - 1))

module load pytorch/2.6.0

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29507
export FI_MR_CACHE_MONITOR=userfaultfd
mkdir -p "$OUTDIR"

RESUME=()
if [[ -f $OUTDIR/last.ckpt ]]; then
    RESUME=(--resume "$OUTDIR/last.ckpt")
    echo "restart ${SLURM_RESTART_COUNT:-0}: resuming from $OUTDIR/last.ckpt"
fi

on_usr1() {
    echo "$(date '+%F %T') USR1 received: checkpoint, then requeue $SLURM_JOB_ID"
    kill -USR1 "$STEP_PID" 2>/dev/null   # srun hands the signal on to every rank
    wait "$STEP_PID"
    scontrol requeue "$SLURM_JOB_ID"
}
trap on_usr1 USR1

# one rank per GPU; train_unet.py reads SLURM_PROCID / SLURM_LOCALID / SLURM_NTASKS
srun --cpu-bind=cores python -u train_unet.py --config "$CONFIG" --out "$OUTDIR" --seed "$SEED" "${RESUME[@]}" &
STEP_PID=$!
wait "$STEP_PID"
