#!/bin/bash
#PBS -N w2v2-pdsh
#PBS -A SpeechFM
#PBS -q capacity
#PBS -l select=8:system=polaris
#PBS -l place=scatter
#PBS -l walltime=12:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe

cd ${PBS_O_WORKDIR}

sort -u $PBS_NODEFILE > hosts.${PBS_JOBID%%.*}
HOSTS=$PWD/hosts.${PBS_JOBID%%.*}
MASTER=$(head -n 1 $HOSTS)

# per-node launcher: pdsh runs it once on every host with identical arguments,
# and each copy works out its own node rank from the host list
cat > node_launch.sh <<'EOS'
#!/bin/bash
WORKDIR=$1 HOSTS=$2 MASTER=$3
shift 3
cd "$WORKDIR"
module use /soft/modulefiles
module load conda
conda activate base
export NCCL_NET_GDR_LEVEL=PHB NCCL_CROSS_NIC=1 NCCL_COLLNET_ENABLE=1 NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:/soft/libraries/hwloc/lib/:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1 FI_MR_CACHE_MONITOR=userfaultfd FI_CXI_DEFAULT_CQ_SIZE=131072
NNODES=$(wc -l < "$HOSTS")
NODE_RANK=$(awk -v h="$(hostname -s)" '{split($1, a, "."); if (a[1] == h) print NR - 1}' "$HOSTS")
exec torchrun --nnodes "$NNODES" --node_rank "$NODE_RANK" --nproc_per_node 4 \
     --master_addr "$MASTER" --master_port 29500 "$@"
EOS
chmod +x node_launch.sh

pdsh -R ssh -w ^$HOSTS "$PWD/node_launch.sh $PWD $HOSTS $MASTER pretrain_wav2vec2.py --config configs/w2v2_large.yaml --max_updates 400000"
