# submit_limits.sh - every queue's limit on submitted jobs in data/clusters (submit_limits, issue 14) is held
# against job arrays by `maple verify` (array-exceeds-submit-limit, src/verify/checks_array.c). Read from
# `maple clusters --json`, so that a limit added to data/ is tested here: for each queue with limits, an
# array of exactly the smallest limit's tasks has no finding; one task more is a finding at the array's line
# whose severity is what the centre says of that limit (error where submissions past it are rejected, else
# a warning) and whose message cites its source; an array past every limit is an error where any limit
# past it is rejected; a throttle (%1, one task eligible at once) lifts the limits the centre says count
# eligible tasks (ALCF's PBS) and no other. Queues without limits and the scheduler's own default queue
# (a script that names none) are covered too: Vista's scheduler puts such a job in gh-dev (3), not in the
# gh queue (40) maple writes. The clusters text names each limit and the scheduler's default queue.
#
# Run: bash tests/cli/submit_limits.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

if ! command -v python3 >/dev/null 2>&1; then
	pass "python3 not installed: skipped"
	finish
fi

run_maple clusters --json
expect_rc "maple clusters --json: exit" 0
printf '%s\n' "$OUT" >"$TMP/clusters.json"
expect_json_true "clusters --json: Perlmutter's scheduler default is the debug QOS, with NERSC's page" \
	'[.[] | select(.id == "perlmutter") | .scheduler_default | .queue == "debug" and (.source | test("docs.nersc.gov")) and (.note | length > 0)] | all'
expect_json_true "clusters --json: every scheduler_default names one of its cluster's queues" \
	'[.[] | select(.scheduler_default) | . as $c | [$c.queues[].name] | index($c.scheduler_default.queue) != null] | all and length >= 7'
expect_json_true "clusters --json: Frontier's batch queue: 100 jobs a user, rejected past it" \
	'[.[] | select(.id == "frontier") | .queues[] | select(.name == "batch") | .submit_limits[0] | .jobs == 100 and .over == "rejected" and .per == "user"] | all'
expect_json_true "clusters --json: every submit limit has a jobs count, a known 'over' and a source URL" \
	'[.[] | .queues[] | .submit_limits // [] | .[] | (.jobs >= 1) and (.over | IN("unstated", "rejected", "never_runs")) and (.source | startswith("https://"))] | all and length >= 30'

for id in perlmutter vista frontier; do
	run_maple clusters "$id"
	expect_rc "maple clusters $id: exit" 0
	case $id in
	perlmutter) expect_contains "clusters perlmutter: the scheduler's default QOS" "$OUT" "scheduler default  debug: the queue a job that names none gets from the scheduler (maple writes regular)" ;;
	vista) expect_contains "clusters vista: gh-dev's Max Submit" "$OUT" "at most 3 jobs queued and running at once per user, each array task one; the centre does not say what happens past it" ;;
	frontier) expect_contains "clusters frontier: the debug QOS rejects a second job" "$OUT" "at most 1 job queued and running at once per user, each array task one; submissions past it are rejected" ;;
	esac
done

# one script per case: the queue's own header line(s) from its profile, a node, a walltime within its
# limit, the array; the expectations beside it
python3 - "$TMP/clusters.json" "$TMP" >"$TMP/cases" <<'PY'
import json, sys
clusters, tmp = json.load(open(sys.argv[1])), sys.argv[2]
n = 0
def script(c, q, arr):
    global n
    n += 1
    pbs = c["scheduler"] == "pbs"
    lines = ["#!/bin/bash"]
    if pbs:
        lines += ["#PBS -A proj", "#PBS -q %s" % q["name"], "#PBS -l select=%d" % q["min_nodes"],
                  "#PBS -l walltime=00:30:00", "#PBS -r y"]
        if arr:
            lines.append("#PBS -J %s" % arr)
    else:
        lines += ["#SBATCH -A proj", "#SBATCH -N %d" % q["min_nodes"], "#SBATCH -t 00:30:00"]
        if q.get("partition"):
            lines += ["#SBATCH -p %s" % q["partition"], "#SBATCH -q %s" % q["name"]]
        elif any("--qos={{queue}}" in h for h in c["header"]):
            lines.append("#SBATCH --qos=%s" % q["name"])
        elif q["name"] is not None:
            lines.append("#SBATCH -p %s" % q["name"])
        if arr:
            lines.append("#SBATCH --array=%s" % arr)
    lines.append("python3 eval.py")
    path = "%s/s%d.sh" % (tmp, n)
    open(path, "w").write("\n".join(lines) + "\n")
    return path
for c in clusters:
    for q in c["queues"]:
        lims = q.get("submit_limits") or []
        arrline = 7 if c["scheduler"] == "pbs" or q.get("partition") else 6
        if not lims:
            if not q["cpu_only"] and q["name"] in ("gpu", "regular"):
                p = script(c, q, "0-4999")
                print("\t".join([c["id"], p, "none", "-", "%s %s: no limit, no finding" % (c["id"], q["name"])]))
            continue
        m = min(l["jobs"] for l in lims)
        p = script(c, q, "1-%d" % m)
        print("\t".join([c["id"], p, "none", "-", "%s %s: %d tasks (its smallest limit)" % (c["id"], q["name"], m)]))
        p = script(c, q, "0-%d" % m)
        over = [l for l in lims if l["jobs"] < m + 1]
        sev = "error" if any(l["over"] == "rejected" for l in over) else "warning"
        print("\t".join([c["id"], p, sev, str(arrline), "%s %s: %d tasks (one past %d)" % (c["id"], q["name"], m + 1, m)]))
        top = max(l["jobs"] for l in lims)
        p = script(c, q, "0-%d" % top)
        sev = "error" if any(l["over"] == "rejected" for l in lims) else "warning"
        print("\t".join([c["id"], p, sev, str(arrline), "%s %s: %d tasks (past every limit)" % (c["id"], q["name"], top + 1)]))
        # throttled to one task at a time: only the limits that do not count eligible tasks remain
        p = script(c, q, "0-%d%%1" % top)
        rest = [l for l in lims if not l["throttle"]]
        sev = "none" if not rest else ("error" if any(l["over"] == "rejected" for l in rest) else "warning")
        print("\t".join([c["id"], p, sev, str(arrline) if rest else "-", "%s %s: %d tasks, %%1 throttle" % (c["id"], q["name"], top + 1)]))
PY
cut -f1,2 "$TMP/cases" | sed 's/^/--cluster /; s/\t/ /' >"$TMP/list"
mapfile -t outs < <(awk '{ print "'"$TMP"'/out" NR }' "$TMP/cases")
verify_batch "$TMP/list" "${outs[@]}"
k=0
while IFS=$'\t' read -r cid path sev line what; do
	out=${outs[k]}
	k=$((k + 1))
	got=$(jq -c '[.findings[] | select(.id == "array-exceeds-submit-limit")]' "$out" 2>/dev/null)
	if [ -z "$got" ]; then
		fail "$what: verify gave no answer" "$(head -c 300 "$out")"
	elif [ "$sev" = none ]; then
		[ "$got" = "[]" ] && pass "$what" || fail "$what: unexpected finding" "$got"
	elif jq -e --arg s "$sev" --argjson l "$line" 'length == 1 and .[0].severity == $s and .[0].line == $l and (.[0].message | test("\\[https://"))' <<<"$got" >/dev/null; then
		pass "$what: $sev"
	else
		fail "$what: want one $sev at line $line citing its source" "$got"
	fi
done <"$TMP/cases"
[ "$k" -ge 100 ] && pass "cases: $k" || fail "cases: $k (expected at least 100)"
finish
