#!/bin/bash
#PBS -A AuroraGPT
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare

cd $PBS_O_WORKDIR
module load frameworks

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
export CCL_PROCESS_LAUNCHER=pmix

RUNNER=$PBS_O_WORKDIR/rank_${PBS_JOBID%%.*}.sh
cat > "$RUNNER" <<'EOF'
#!/bin/bash
export RANK=$PALS_RANKID
export LOCAL_RANK=$PALS_LOCAL_RANKID
export WORLD_SIZE=$((PALS_NRANKS))
python3 pretrain_vit.py --epochs 30 --device xpu
EOF

mpiexec -n 48 --ppn 12 --cpu-bind list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 bash "$RUNNER"
