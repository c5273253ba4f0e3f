# port_driver.sh - a driver run on a login node that feeds its job script to sbatch/qsub on standard input
# (`sbatch --dependency=afterok:$ID <<EOF ... EOF`, `qsub <<'EOF'`), or queues jobs over continued lines
# (issue 13; src/port/chain.c, src/script/fed.c, src/script/directives.c). The #SBATCH/#PBS lines of the heredoc
# are the fed job's, not the driver's: verify says once that the driver has no directives (no account or partition
# errors). A port is the fed job's as the scheduler received it (the driver's variables given their values), with
# the feeding line and each other job the driver queues named; a driver that feeds several jobs stays incomplete,
# naming the heredoc's lines to save and port (it named a continuation backslash as the queued file before).
. "$(dirname "$0")/lib.bash" "$@"

cat >"$TMP/slurm.sh" <<'EOF'
#!/bin/bash
# run on a login node: bash submit.sh
set -euo pipefail
ACCT=abc123
PREP=$(sbatch --parsable -A ${ACCT} -p RM-shared -N 1 -t 01:00:00 -J prep \
    --wrap "python prep.py")
sbatch --dependency=afterok:${PREP} <<EOF2
#!/bin/bash
#SBATCH -A ${ACCT}
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH -t 04:00:00
srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=\$(hostname):29500 train.py
EOF2
EOF
cat >"$TMP/pbs.sh" <<'EOF'
#!/bin/bash
# run on a Polaris login node
qsub <<'JOB'
#!/bin/bash
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
mpiexec -n 40 --ppn 4 python train.py
JOB
EOF
for s in slurm:frontier:"line 7: .sbatch --dependency=afterok:.\\{PREP\\} <<EOF2.: the port is the job script this driver.*feeds on standard input.*as sbatch received it.*sbatch --dependency=afterok:.ID FILE" \
	 pbs:perlmutter:"line 3: .qsub <<'JOB'.: the port is the job script this driver.*feeds on standard input.*as qsub received it.*with .sbatch FILE."; do
	IFS=: read -r name target want <<<"$s"
	run_maple verify --json "$TMP/$name.sh"
	expect_eq "$name driver: no error finding" "$(jqv '[.findings[] | select(.severity == "error") | .id] | join(",")')" ""
	expect_match "$name driver: one no-directives warning" "$(jqv '.findings[] | .id')" '^no-directives$'
	run_maple generate --json --from "$TMP/$name.sh" --to "$target" "account testproj"
	expect_rc "$name driver to $target: the fed job is ported" 0
	expect_match "$name driver: the feeding line is named, with the target's syntax" "$(jqv '.warnings[]')" "$want"
done
run_maple generate --json --from "$TMP/slurm.sh" --to frontier "account testproj"
expect_match "slurm driver: its --wrap job is named as not carried" "$(jqv '.warnings[]')" \
	"line 5: .PREP=.\\(sbatch --parsable.* not carried over: the driver queues another job of .* \\(a command given to --wrap\\)"
expect_match "slurm driver: the port's account, not the driver's" "$(jqv '.script')" '^#SBATCH -A testproj'
expect_match "slurm driver: the fed launch is the port's" "$(jqv '.script')" '^srun .*train\.py'
# two jobs fed: which one is the port's is the user's to say
cat >"$TMP/two.sh" <<'EOF'
#!/bin/bash
sbatch <<EOF2
#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
srun python prep.py
EOF2
sbatch <<EOF2
#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
srun torchrun --nnodes=2 --nproc_per_node=4 train.py
EOF2
EOF
run_maple generate --json --from "$TMP/two.sh" --to polaris "account testproj"
expect_rc "a driver that feeds two jobs: incomplete" 3
expect_match "two fed jobs: the first heredoc is named to save and port" "$(jqv '.missing[]')" \
	"line 2: the job script is fed to sbatch on its standard input \\(the heredoc of lines 3-6\\)"
# a queued file over a continued line: the file, never the backslash
cat >"$TMP/cont.sh" <<'EOF'
#!/bin/bash
JID=$(sbatch --parsable -p gpu -N 2 \
    train.sbatch)
sbatch --dependency=afterok:$JID eval.sbatch
EOF
run_maple generate --json --from "$TMP/cont.sh" --to polaris "account testproj"
expect_rc "a chain over a continued line: incomplete" 3
expect_no_match "the backslash is not taken for the queued file" "$(jqv '.missing[]')" 'queues \\\\|--from \\\\'
# sbatch --wrap: the job is the command string, its options on the sbatch line (sbatch(1))
cat >"$TMP/wrap_eq.sh" <<'EOF'
#!/bin/bash
# run on a Delta login node
sbatch --wrap="srun python train.py --epochs 3" -N 1 --ntasks-per-node=4 --gpus-per-node=4 -p gpuA100x4 -A bbka-delta-gpu -t 01:00:00
EOF
run_maple extract --json --script "$TMP/wrap_eq.sh"
expect_eq "--wrap=CMD on one line: the wrapped job is read" \
	"$(jqv '[.request.cluster, .request.script, (.request.script_args | join(" ")), .request.nodes, .request.gpus_per_node] | map(tostring) | join(" ")')" \
	"delta train.py --epochs 3 1 4"
run_maple generate --json --from "$TMP/wrap_eq.sh" --to anvil "account testproj"
expect_rc "--wrap=CMD to Anvil: ported" 0
expect_match "--wrap=CMD to Anvil: the wrapped program is the port's" "$(jqv '.script')" 'train\.py --epochs 3'
expect_match "--wrap=CMD to Anvil: the sbatch line is named as the job's source" "$(jqv '.warnings[]')" \
	'line 3: .sbatch --wrap=.*the port is the job this driver.*submits with sbatch --wrap'
cat >"$TMP/wrap_sq.sh" <<'EOF'
#!/bin/bash
LR=3e-4
sbatch -N 2 --ntasks-per-node=1 --gpus-per-node=4 -C gpu -q regular -A m1234 -t 30 \
    --wrap 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py --lr $LR'
EOF
run_maple extract --json --script "$TMP/wrap_sq.sh"
expect_eq "single-quoted --wrap: the job's own \$LR stays (the driver's shell does not expand it)" \
	"$(jqv '[.request.cluster, .request.script, (.request.script_args | join(" ")), .request.nodes, .request.gpus_per_node] | map(tostring) | join(" ")')" \
	'perlmutter train.py --lr $LR 2 4'
cat >"$TMP/wrap_dq.sh" <<'EOF'
#!/bin/bash
LR=3e-4
sbatch -N 2 --ntasks-per-node=1 --gpus-per-node=4 -C gpu -q regular -A m1234 -t 30 \
    --wrap "srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=\$(hostname):29500 train.py --lr $LR"
EOF
run_maple extract --json --script "$TMP/wrap_dq.sh"
expect_eq "double-quoted --wrap: the driver's \$LR is its value" "$(jqv '.request.script_args | join(" ")')" '--lr 3e-4'
# a job script (its own directives and launch) that queues an evaluation with --wrap after it: its own launch
cat >"$TMP/wrap_job.sh" <<'EOF'
#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
srun python train.py --epochs 1
sbatch -N 1 --gpus-per-node=1 --wrap "python eval.py --ckpt last.pt"
EOF
run_maple extract --json --script "$TMP/wrap_job.sh"
expect_eq "a job that queues a --wrap job: its own launch is read" "$(jqv '.request.script')" "train.py"
# two wrapped jobs: which one is the port's is the user's to say
cat >"$TMP/wrap_two.sh" <<'EOF'
#!/bin/bash
sbatch -N 1 --gpus-per-node=4 --wrap "srun python prep.py"
sbatch -N 2 --gpus-per-node=4 --wrap "srun python train.py"
EOF
run_maple generate --json --from "$TMP/wrap_two.sh" --to polaris "account testproj"
expect_rc "two --wrap jobs: incomplete" 3
finish
