#!/bin/bash
# cluster: vista
# absent: master-addr-missing
# the per-node file the script writes takes the head node as its first argument ("$1"): the call gives it
#SBATCH -A ABC24001
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
HEAD=$(scontrol show hostnames | head -n 1)
cat > node.sh <<'EOF'
#!/bin/bash
exec torchrun --nproc_per_node=1 --nnodes=2 --node_rank="$OMPI_COMM_WORLD_RANK" --master_addr="$1" --master_port=29500 train.py
EOF
chmod +x node.sh
mpirun -np 2 --map-by ppr:1:node ./node.sh "$HEAD"
