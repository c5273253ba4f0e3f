#!/bin/bash
#SBATCH -J pinn-dev
#SBATCH -p gh-dev
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 01:45:00

set -x
module load gcc cuda
module load python3

HOST=$(scontrol show hostnames | head -n 1)

cat > run_node.sh <<'EOF'
#!/bin/bash
# $1 = master host, $2 = node count; the node rank is the Open MPI rank
exec python3 -m torch.distributed.run --nproc_per_node=1 --nnodes="$2" --node_rank="$OMPI_COMM_WORLD_RANK" \
    --master_addr="$1" --master_port=29500 train_pinn.py --epochs 500 --collocation 200000
EOF
chmod +x run_node.sh

exec mpirun -np 4 --map-by ppr:1:node ./run_node.sh "$HOST" 4
