# port_driver.sh - a driver run on a login node that feeds its job script to sbatch/qsub on standard input
# (`sbatch --dependency=afterok:$ID <<EOF ... EOF`, `qsub <<'EOF'`), or queues jobs over continued lines
# (issue 13; src/port/chain.c, src/script/directives.c). The #SBATCH/#PBS lines of the heredoc are the fed job's,
# not the driver's: verify says once that the driver has no directives (no account or partition errors), and a
# port is incomplete, naming the heredoc's lines to save and port (it named a continuation backslash as the
# queued file before).
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
for s in slurm:frontier:"line 7: the job script is fed to sbatch on its standard input \\(the heredoc of lines 8-14\\).*with each .\\$ written \\$" \
	 pbs:perlmutter:"line 3: the job script is fed to qsub on its standard input \\(the heredoc of lines 4-10\\).*\\(as they stand\\)"; do
	IFS=: read -r name target want <<<"$s"
	run_maple verify --json "$TMP/$name.sh"
	expect_eq "$name driver: no error finding" "$(jqv '[.findings[] | select(.severity == "error") | .id] | join(",")')" ""
	expect_match "$name driver: one no-directives warning" "$(jqv '.findings[] | .id')" '^no-directives$'
	run_maple generate --json --from "$TMP/$name.sh" --to "$target" "account testproj"
	expect_rc "$name driver to $target: incomplete" 3
	expect_match "$name driver: the fed heredoc is named" "$(jqv '.missing[]')" "$want"
done
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
finish
