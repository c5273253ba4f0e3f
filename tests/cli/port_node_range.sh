# port_node_range.sh - a Slurm header that asks for a range of nodes (`#SBATCH --nodes=2-4`, `-N 1-8`: sbatch
# starts the job on as many as it can give, between the two), read and ported (issue 13; src/script/directives.c).
# The node count of such a job is not in the script: reading says none (never the minimum), a port is incomplete
# and names the line, unless the request text gives the count; `--nodes=4-4` is 4.
. "$(dirname "$0")/lib.bash" "$@"

script() { # NODES TASKS_PER_NODE LAUNCH...: a DeltaAI script
	local n=$1 t=$2
	shift 2
	printf '#!/bin/bash\n#SBATCH --account=bfgt-dtai-gh\n#SBATCH --partition=ghx4\n#SBATCH --nodes=%s\n' "$n"
	printf '#SBATCH --ntasks-per-node=%s\n#SBATCH --gpus-per-node=4\n#SBATCH --time=02:00:00\n' "$t"
	printf 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n'
	printf '%s\n' "$@"
}
tr_launch='srun torchrun --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=4 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29400 train.py --epochs 3'

# ---- reading ----
for n in 2-4 1-8 '2-4 '; do
	script "$n" 1 "$tr_launch" >"$TMP/r.sh"
	run_maple extract --json --script "$TMP/r.sh"
	expect_rc "--nodes=$n: read" 0
	expect_eq "--nodes=$n: no node count (the scheduler picks it in the range)" "$(jqv '.request.nodes')" "null"
	expect_eq "--nodes=$n: the GPUs per node are still read" "$(jqv '.request.gpus_per_node')" "4"
done
script 4-4 1 "$tr_launch" >"$TMP/fixed.sh"
run_maple extract --json --script "$TMP/fixed.sh"
expect_eq "--nodes=4-4 is 4 nodes" "$(jqv '.request.nodes')" "4"
# one task per GPU: the range gives no default of one node either
script 2-4 4 'srun python train.py --epochs 3' >"$TMP/pergpu.sh"
run_maple extract --json --script "$TMP/pergpu.sh"
expect_eq "a range with --ntasks-per-node: no node count" "$(jqv '.request.nodes')" "null"

# ---- porting ----
script 2-4 1 "$tr_launch" >"$TMP/p.sh"
for t in delta perlmutter anvil polaris; do
	run_maple generate --json --from "$TMP/p.sh" --to $t "account testproj"
	expect_rc "--nodes=2-4 to $t: incomplete" 3
	expect_eq "the node count is what is missing ($t)" "$(jqv '.missing[]')" "nodes"
	expect_match "the range's line is said ($t)" "$(jqv '.warnings[]')" 'line 4: `#SBATCH --nodes=2-4` lets Slurm start the job on 2 to 4 nodes.*say "N nodes"'
done
run_maple generate --json --from "$TMP/p.sh" --to delta "account testproj, 3 nodes"
expect_rc "--nodes=2-4 with \"3 nodes\" to Delta: ported" 0
expect_match "the text's 3 nodes" "$(jqv '.script')" '#SBATCH (-N|--nodes)[ =]3'
run_maple generate --json --from "$TMP/fixed.sh" --to delta "account testproj"
expect_rc "--nodes=4-4 to Delta: ported" 0
expect_match "4 nodes" "$(jqv '.script')" '#SBATCH (-N|--nodes)[ =]4'

finish
