# verify_run_poll.sh - `maple verify --run submit` polls the job with the scheduler's own commands until the
# job has really left the queue: a squeue that fails without naming the job unknown (a busy slurmctld:
# "slurm_load_jobs error: Socket timed out on send/recv operation") says nothing about the job and is asked
# again - it once ended the run of a job still RUNNING or PENDING ("only 0 of 8 ranks reported", lab_e2e
# under load); a squeue that names the job unknown ("Invalid job id specified") or lists nothing means gone;
# one that keeps failing ends the wait after a bounded number of tries. Fake sbatch, squeue and scontrol on
# PATH play the scheduler: each squeue call takes the next answer of a script of answers.
. "$(dirname "$0")/lib.bash" "$@"

W=$TMP/w
mkdir -p "$W/bin"
cat >"$W/bin/sbatch" <<'EOF'
#!/bin/sh
echo 4242
EOF
# squeue: answer N of $W/answers (one a line: "fail", "invalid", "empty" or a state), the last one repeated
cat >"$W/bin/squeue" <<EOF
#!/bin/sh
n=\$(( \$(cat "$W/calls" 2>/dev/null || echo 0) + 1 ))
echo "\$n" >"$W/calls"
a=\$(sed -n "\${n}p" "$W/answers")
[ -n "\$a" ] || a=\$(tail -n 1 "$W/answers")
case \$a in
fail) echo "slurm_load_jobs error: Socket timed out on send/recv operation" >&2; exit 1 ;;
invalid) echo "slurm_load_jobs error: Invalid job id specified" >&2; exit 1 ;;
empty) exit 0 ;;
*) echo "\$a" ;;
esac
EOF
# scontrol show job: what the job was when squeue last answered
cat >"$W/bin/scontrol" <<EOF
#!/bin/sh
echo "JobId=4242 JobName=job JobState=\$(cat "$W/final") Reason=None ExitCode=0:0"
EOF
chmod +x "$W/bin"/*
cat >"$W/job.sh" <<'EOF'
#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --time=00:10:00
srun python -u train.py
EOF

# poll ANSWERS... : runs verify --run submit against the answers; sets OUT, RC and CALLS
poll() {
	printf '%s\n' "$@" >"$W/answers"
	rm -f "$W/calls"
	OUT=$(cd "$W" && PATH="$W/bin:$PATH" "$MAPLE" verify --run submit --force --timeout 60 --json job.sh 2>/dev/null)
	RC=$?
	CALLS=$(cat "$W/calls" 2>/dev/null || echo 0)
}

# 1. squeue fails three times (slurmctld busy), then the job runs, then it has left the queue
echo COMPLETED >"$W/final"
poll fail fail fail RUNNING RUNNING empty
expect_eq "busy slurmctld: squeue asked until the job left the queue" "$CALLS" 6
expect_eq "busy slurmctld: the job's final state is the scheduler's" "$(jq -r .job.state <<<"$OUT")" COMPLETED
expect_eq "busy slurmctld: it ran after its wait in the queue" "$(jq -r '.job.queued_seconds != null' <<<"$OUT")" true
expect_eq "busy slurmctld: a fail (exit 1), as no rank of the fake job reported" "$RC" 1

# 2. the same while it is still pending: no 'ended PENDING' after the first failure
poll PENDING fail PENDING fail fail RUNNING empty
expect_eq "busy slurmctld while pending: squeue asked until the job left the queue" "$CALLS" 7
expect_not_contains "busy slurmctld while pending: not judged as a job that ended pending" \
	"$(jq -r '.reasons | join(" | ")' <<<"$OUT")" "ended PENDING"

# 3. a job squeue no longer knows ("Invalid job id") is gone at once, as is one it lists no more
poll RUNNING invalid
expect_eq "an unknown job id means the job is gone" "$CALLS" 2
poll empty
expect_eq "an empty answer means the job is gone" "$CALLS" 1

# 4. a squeue that keeps failing ends the wait after a bounded number of tries, not at the deadline
poll RUNNING fail
expect_eq "squeue failing for good: the wait ends after 1 + 11 tries" "$CALLS" 12
expect_eq "squeue failing for good: maple's deadline (which cancels) was not what ended it" \
	"$(jq -r '.job.cancelled == false and .job.seconds < 30' <<<"$OUT")" true
finish
