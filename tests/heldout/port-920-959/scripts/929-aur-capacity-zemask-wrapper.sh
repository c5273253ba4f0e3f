#!/bin/bash
#PBS -A MatSciFM
#PBS -q capacity
#PBS -l select=8
#PBS -l place=scatter
#PBS -l walltime=24:00:00
#PBS -l filesystems=home:flare
#PBS -N eqv2-capacity

cd "$PBS_O_WORKDIR"
module load frameworks

export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29777

# tile wrapper: every local rank sees exactly one tile (FLAT mode)
cat > tile_wrap.sh <<'EOF'
#!/bin/bash
export ZE_AFFINITY_MASK=${PALS_LOCAL_RANKID}
export LOCAL_RANK=${PALS_LOCAL_RANKID}
export RANK=${PALS_RANKID}
exec "$@"
EOF
chmod +x tile_wrap.sh

mpiexec -n 96 --ppn 12 --cpu-bind list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    ./tile_wrap.sh python3 train_eqv2.py --config configs/oc22_eqv2_L.yml --run-dir /flare/MatSciFM/runs/eqv2
