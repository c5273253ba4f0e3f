# port_array_limit.sh - a port of a job array says the target queue's limit on the jobs one user may have
# submitted when the array passes it (issue 13; each array task is one job: data/clusters submit_limits, verify's
# array-exceeds-submit-limit): a warning with the limit, its source and the fix where the centre does not say
# what happens past it, an error where it says such submissions are rejected (the port would not run), and
# nothing within the limit or where the target has no such limit as data. The array line is in the script
# before maple checks it (it was added after, so the check never saw it).
. "$(dirname "$0")/lib.bash" "$@"

mk() { # mk FILE ARRAY-DIRECTIVE
	cat >"$1" <<EOF
#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
$2
srun python train.py --seed \$SLURM_ARRAY_TASK_ID
EOF
}
mk "$TMP/a100.sh" '#SBATCH --array=0-99'
mk "$TMP/a10.sh" '#SBATCH --array=0-9'
mk "$TMP/a101.sh" '#SBATCH --array=1-101'
mk "$TMP/thr.sh" '#SBATCH --array=0-99%5'

run_maple generate --json --from "$TMP/a100.sh" --to vista "account abc"
expect_rc "100 tasks to Vista: ported" 0
expect_match "100 tasks to Vista: the gh queue's 40 submitted jobs are said, with the source and the fix" \
	"$(jqv '.warnings[]')" "--array 0-99: 100 tasks, each one job against the limit of the 'gh' queue on vista, 40 jobs.*docs\.tacc\.utexas\.edu.*fix: submit at most 40 tasks at a time \(--array=0-39"
expect_match "the array is in the port" "$(jqv '.script')" '^#SBATCH --array=0-99$'
run_maple generate --json --from "$TMP/a100.sh" --to polaris "account abc"
expect_rc "100 tasks to Polaris: ported" 0
expect_match "100 subjobs to Polaris: the queue's limit is said in PBS terms" "$(jqv '.warnings[]')" \
	"-J 0-99: 100 subjobs, each one job against the limit of the '[a-z-]+' queue on polaris.*fix: submit at most [0-9]+ subjobs at a time \(-J 0-"
run_maple generate --json --from "$TMP/a101.sh" --to frontier "account abc"
expect_rc "101 tasks to Frontier, which rejects submissions past 100: an error" 2
expect_match "the error names the limit and that OLCF rejects past it" "$(jqv '.errors[]')" \
	"--array 1-101: 101 tasks.*100 jobs.*OLCF rejects submissions past it.*fix: "
expect_no_match "the error is the user's array, not maple's" "$(jqv '.errors[]')" 'please report'
run_maple generate --json --from "$TMP/a10.sh" --to vista "account abc"
expect_rc "10 tasks to Vista: ported" 0
expect_no_match "10 tasks to Vista: within the limit, nothing said" "$(jqv '.warnings[]')" 'submitted|queued and running'
run_maple generate --json --from "$TMP/a100.sh" --to delta "account abc"
expect_rc "100 tasks to Delta: ported" 0
expect_no_match "Delta has no such limit as data: nothing said" "$(jqv '.warnings[]')" 'queued and running'
# a throttle (%5) is dropped under PBS and not a count of submitted jobs under Slurm: 100 tasks are still queued
run_maple generate --json --from "$TMP/thr.sh" --to stampede3 "account abc"
expect_rc "100 tasks with %5 to Stampede3: ported" 0
expect_match "a throttle does not lower the submitted count on a TACC queue" "$(jqv '.warnings[]')" \
	"--array 0-99%5: 100 tasks, each one job against the limit of the '[A-Za-z0-9-]+' queue on stampede3"
finish
