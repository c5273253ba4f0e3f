#!/bin/bash
# family: a per-task script written with a quoted heredoc (nothing expanded at write time), run by mpiexec
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject

cd $PBS_O_WORKDIR
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
cat > rank_wrapper.sh <<'EOF2'
#!/bin/bash
export RANK=$PMI_RANK
export LOCAL_RANK=$PMI_LOCAL_RANK
export WORLD_SIZE=$PMI_SIZE
exec python train.py --epochs 3
EOF2
chmod +x rank_wrapper.sh
mpiexec -n 8 --ppn 4 --cpu-bind depth -d 16 bash rank_wrapper.sh
