# queue_caps.sh - every per-queue cap in data/clusters is enforced by `maple generate` (issue 14): for
# every queue of every cluster, read from `maple clusters --json` so that a queue or limit added to data/
# is tested here: one node more than its node cap, one node fewer than its minimum, one minute more than its
# walltime (the walltime of the node-count bin where the queue has bins, each bin), one GPU more than a
# shared queue's per-job cap are errors naming the limit; the smallest job at the longest walltime the
# queue gives is written with that queue (and `maple verify` of it, its header changed to one node over,
# one under, one minute over, reports that queue's finding as an error; a queue with an access rule, not open to
# every project, is written with a warning citing the rule); a GPU job on a CPU-only partition is an error (or, where the
# cluster has a GPU queue of that kind - "debug", "development" - that one, said in a warning) and a queue
# the cluster does not have is an error listing the queues it has.
. "$(dirname "$0")/lib.bash" "$@"

if ! command -v python3 >/dev/null 2>&1; then
	pass "python3 not installed: skipped"
	finish
fi

run_maple clusters --json
expect_rc "maple clusters --json: exit" 0
printf '%s\n' "$OUT" >"$TMP/clusters.json"
expect_json_true "clusters --json: Frontier's batch queue lists its node-count bins" \
	'[.[] | select(.id == "frontier") | .queues[] | select(.name == "batch") | .bins | length > 1] | all'

python3 - "$TMP/clusters.json" "$TMP/req.txt" "$TMP/expect.json" <<'EOF'
import json, re, sys
clusters = json.load(open(sys.argv[1]))
reqs, exps = [], []
def add(text, **e):
    reqs.append(text)
    exps.append(e)
def hm(m):
    return f"{m // 60}:{m % 60:02d}:00"
for c in clusters:
    cid = c["id"]
    for q in c["queues"]:
        qn = q["name"]
        base = f"pytorch ddp on {cid}, queue {qn}"
        tail = "train.py, account testproj"
        if q["cpu_only"]:
            add(f"{base}, 1 node, 30 minutes, {tail}", cluster=cid, queue=qn, kind="cpu-only", pat="has no GPUs",
                gpu_queues=[x["name"] for x in c["queues"] if not x["cpu_only"]])
            continue
        # the node type the queue reaches: its node count caps the job too where it is smaller
        nts = [n for n in c["node_types"] if qn in n["queues"]]
        lo, hi = q["min_nodes"], q["max_nodes"]
        wt = q["max_walltime_minutes"]
        bins = q.get("bins") or []
        def wt_at(n):
            for b in bins:
                if b["min_nodes"] <= n <= b["max_nodes"]:
                    return b["max_walltime_minutes"]
            return wt
        # the smallest job at the longest walltime its size may have: written, with this queue
        add(f"{base}, {lo} nodes, walltime {hm(wt_at(lo))}, {tail}", cluster=cid, queue=qn, kind="at-limits")
        # one node more than the queue takes (where no node type of it is smaller: then that count is hit first)
        if all(not n.get("nodes") or n["nodes"] > hi for n in nts):
            add(f"{base}, {hi + 1} nodes, walltime 0:30:00, {tail}", cluster=cid, queue=qn, kind="nodes-over",
                pat=rf"allows at most {hi} nodes")
        if lo > 1:
            add(f"{base}, {lo - 1} nodes, walltime 0:30:00, {tail}", cluster=cid, queue=qn, kind="nodes-under",
                pat=rf"needs at least {lo} nodes")
        add(f"{base}, {lo} nodes, walltime {hm(wt_at(lo) + 1)}, {tail}", cluster=cid, queue=qn, kind="walltime-over",
            pat=r"allows at most [0-9:]+ ?h?")
        # one minute under the queue's shortest walltime (ALCF's 5 minutes): the request's error, not maple's
        if (q.get("min_walltime_minutes") or 0) > 1:
            add(f"{base}, {lo} nodes, walltime {hm(q['min_walltime_minutes'] - 1)}, {tail}", cluster=cid, queue=qn,
                kind="walltime-under", pat=r"queue '%s' needs at least [0-9]+ min of walltime \(asked: [0-9]+ min\) \[https://" % re.escape(qn))
        for b in bins:
            k = max(b["min_nodes"], lo)
            if k > min(b["max_nodes"], hi) or any(t.get("nodes", 10**9) < k for t in nts):
                continue
            add(f"{base}, {k} nodes, walltime {hm(b['max_walltime_minutes'])}, {tail}", cluster=cid, queue=qn,
                kind=f"bin {b['min_nodes']}-{b['max_nodes']} at its limit")
            if b["max_walltime_minutes"] < wt:
                add(f"{base}, {k} nodes, walltime {hm(b['max_walltime_minutes'] + 1)}, {tail}", cluster=cid, queue=qn,
                    kind=f"bin {b['min_nodes']}-{b['max_nodes']} over", pat=rf"for jobs of {b['min_nodes']}-{b['max_nodes']} nodes")
        if q.get("max_gpus"):
            add(f"{base}, 1 node with {q['max_gpus'] + 1} GPUs, walltime 0:30:00, {tail}", cluster=cid, queue=qn,
                kind="gpus-over", pat=rf"at most {q['max_gpus']} GPUs per job")
    add(f"pytorch ddp on {cid}, queue nosuchq, 1 node, 30 minutes, train.py, account testproj", cluster=cid,
        queue="nosuchq", kind="unknown-queue", pat=r"queue 'nosuchq' does not exist on %s; its queues are: %s" % (cid, c["queues"][0]["name"]))
open(sys.argv[2], "w").write("\n".join(reqs) + "\n")
json.dump(exps, open(sys.argv[3], "w"))
EOF
nreq=$(wc -l <"$TMP/req.txt")
if [ "$nreq" -ge 150 ]; then pass "requests written from the data: $nreq"; else fail "requests written from the data: $nreq (expected at least 150)"; fi

"$MAPLE" generate --json --batch "$TMP/req.txt" >"$TMP/out.jsonl" 2>"$TMP/batch.err" </dev/null
expect_eq "one answer per request" "$(wc -l <"$TMP/out.jsonl")" "$nreq"

mkdir -p "$TMP/v"
python3 - "$TMP/req.txt" "$TMP/expect.json" "$TMP/out.jsonl" "$TMP/clusters.json" "$TMP/v" >"$TMP/results" <<'EOF'
import json, re, sys
reqs = open(sys.argv[1]).read().splitlines()
exps = json.load(open(sys.argv[2]))
outs = [json.loads(l) for l in open(sys.argv[3])]
queues = {(c["id"], q["name"]): q for c in json.load(open(sys.argv[4])) for q in c["queues"]}
vdir = sys.argv[5]
index = open(vdir + "/index", "w")
def hm(m):
    return f"{m // 60:02d}:{m % 60:02d}:00"
def variant(e, script, tag, want, nodes=None, wt=None):
    """The at-limits script with its header's node count or walltime changed: `maple verify` must report want."""
    s, k = script, 1
    if nodes is not None:
        s, k = re.subn(r"^(#SBATCH (?:-N|--nodes)[= ]?)\d+", rf"\g<1>{nodes}", s, flags=re.M)
        if not k:
            s, k = re.subn(r"^(#PBS -l select=)\d+", rf"\g<1>{nodes}", s, flags=re.M)
    if wt is not None:
        s, k = re.subn(r"^(#SBATCH (?:-t|--time)[= ]?)\S+", rf"\g<1>{hm(wt)}", s, flags=re.M)
        if not k:
            s, k = re.subn(r"^(#PBS -l walltime=)\S+", rf"\g<1>{hm(wt)}", s, flags=re.M)
    path = f"{vdir}/{e['cluster']}-{e['queue']}-{tag}.sh"
    open(path, "w").write(s)
    index.write(f"{path}\t{e['cluster']}\t{want}\t{e['cluster']}/{e['queue']} [verify: {tag}]\t{int(k)}\n")
for req, e, o in zip(reqs, exps, outs):
    if e["kind"] == "at-limits" and o.get("status") == "ok":
        # the same limits through `maple verify`: the written script is clean of them; one node over the
        # queue's cap, one under its minimum, one minute over its walltime are the queue findings
        q = queues[(e["cluster"], e["queue"])]
        script = o.get("script") or ""
        lo, hi, wt = q["min_nodes"], q["max_nodes"], q["max_walltime_minutes"]
        variant(e, script, "as-written", "-")
        if q.get("access"):
            # a queue not open to every project: `maple verify` of the script says so, citing the rule
            open(vdir + "/restricted", "a").write(f"{vdir}/{e['cluster']}-{e['queue']}-as-written.sh\t{e['cluster']}\t"
                                                   f"{e['queue']}\t{q['access']['source']}\n")
        if hi < 5000:
            variant(e, script, "nodes-over", "nodes-exceed-queue|nodes-exceed-node-type", nodes=hi + 1)
        if lo > 1:
            variant(e, script, "nodes-under", "nodes-below-queue", nodes=lo - 1)
        variant(e, script, "walltime-over", "walltime-exceeds-queue", wt=wt + 1)
        if (q.get("min_walltime_minutes") or 0) > 1:
            variant(e, script, "walltime-under", "walltime-below-queue", wt=q["min_walltime_minutes"] - 1)
    name = f"{e['cluster']}/{e['queue']} [{e['kind']}]"
    errs = " ".join(o.get("errors") or [])
    warns = " ".join(o.get("warnings") or [])
    if e["kind"] == "cpu-only" and o.get("status") == "ok":
        # a CPU partition of a kind the cluster also has for GPUs ("debug", "development"): that one, said
        m = re.search(r"queue '%s' on \S+ takes no GPU jobs \(CPU only\): using (\S+), its GPU queue" % re.escape(e["queue"]), warns)
        if m and m.group(1) in e["gpu_queues"] and re.search(r"^#(SBATCH|PBS).*\b%s\b" % re.escape(m.group(1)), o.get("script") or "", re.M):
            print(f"PASS {name}: the GPU queue of its kind instead ({m.group(1)}), said")
        else:
            print(f"FAIL {name}: want an error (no GPUs) or the GPU queue of its kind, said\t{req}\nok: {warns}")
        continue
    if "pat" in e:
        if o.get("status") == "error" and re.search(e["pat"], errs):
            print(f"PASS {name}: an error naming the limit")
        else:
            print(f"FAIL {name}: want an error matching /{e['pat']}/\t{req}\n{o.get('status')}: {errs}")
        continue
    script = o.get("script") or ""
    q = re.findall(r"^#SBATCH (?:--qos|-q|--partition|-p)[= ](\S+)", script, re.M) + re.findall(r"^#PBS -q (\S+)", script, re.M)
    # a queue not open to every project (access: in the data) is written with a warning saying so and
    # citing the access rule's source; an open one without
    acc = queues[(e["cluster"], e["queue"])].get("access")
    said = re.search(r"\[queue-restricted\] \S+ '%s' on [^[]+? is restricted: [^[]* \[([^]\s]+)\]" % re.escape(e["queue"]), warns)
    if acc and not (said and said.group(1) == acc["source"]):
        print(f"FAIL {name}: restricted ({acc['text']}) but the warning does not say so with its source\t{req}\n{warns}")
    elif not acc and "[queue-restricted]" in warns:
        print(f"FAIL {name}: said to be restricted, but the data has no access rule\t{req}\n{warns}")
    elif o.get("status") == "ok" and e["queue"] in q:
        print(f"PASS {name}: written with queue {e['queue']}{' and its access rule said' if acc else ''}")
    else:
        print(f"FAIL {name}: want a script in queue {e['queue']}\t{req}\n{o.get('status')}: {errs} queues {q}")
EOF
# verify: every variant gets its queue finding as an error (the as-written script none of the queue findings)
QF='nodes-exceed-queue|nodes-exceed-node-type|nodes-below-queue|walltime-exceeds-queue|walltime-below-queue'
while IFS=$'\t' read -r path cid want name edited; do
	if [ "$edited" != 1 ]; then
		fail "$name: the header's directive to change was not found in the script"
		continue
	fi
	ids=$("$MAPLE" verify --json --no-tools --cluster "$cid" "$path" 2>/dev/null | jq -r '[.findings[] | select(.severity == "error") | .id] | join(" ")')
	if [ "$want" = - ]; then
		if printf '%s\n' $ids | grep -Eqx "$QF"; then fail "$name: a queue finding on the script as written: $ids"; else pass "$name: no queue finding"; fi
	elif printf '%s\n' $ids | grep -Eqx "$want"; then
		pass "$name: $want"
	else
		fail "$name: want an error finding $want" "got: $ids"
	fi
done <"$TMP/v/index"
nr=0
while IFS=$'\t' read -r path cid qn src; do
	nr=$((nr + 1))
	name="$cid/$qn [verify: restricted]"
	if "$MAPLE" verify --json --no-tools --cluster "$cid" "$path" 2>/dev/null |
		jq -e --arg q "$qn" --arg s "$src" '[.findings[] | select(.id == "queue-restricted" and .severity == "warning" and
			(.message | contains("'"'"'" + $q + "'"'"'") and endswith("[" + $s + "]")))] | length == 1' >/dev/null; then
		pass "$name: queue-restricted, with the rule's source"
	else
		fail "$name: want one queue-restricted warning citing $src"
	fi
done < <(cat "$TMP/v/restricted" 2>/dev/null)
if [ "$nr" -ge 4 ]; then pass "restricted queues in the data: $nr"; else fail "restricted queues in the data: $nr (expected at least 4)"; fi
nv=$(wc -l <"$TMP/v/index")
if [ "$nv" -ge 100 ]; then pass "verify variants written from the data: $nv"; else fail "verify variants written from the data: $nv (expected at least 100)"; fi

while IFS= read -r line; do
	case $line in
	PASS\ *) pass "${line#PASS }" ;;
	FAIL\ *) fail "${line#FAIL }" ;;
	*) printf '    %s\n' "$line" ;;
	esac
done <"$TMP/results"
expect_eq "every request was checked" "$(grep -c '^[PF][AI][SI]' "$TMP/results")" "$nreq"

# The accounts that charge a GPU job, where the centre names CPU and GPU accounts apart (account_pattern's
# gpu_jobs: Delta's <project>-delta-gpu / -delta-cpu): a GPU job charged to the CPU one is said (generate
# through its own check, verify), with the source; the GPU one, and a name of no known shape, are not.
expect_json_true "clusters --json: Delta's GPU accounts are named apart" \
	'[.[] | select(.id == "delta") | .account_pattern.gpu_jobs == "[a-z]{4}-delta-gpu"] | all'
src=$(jq -r '.[] | select(.id == "delta") | .account_pattern.source' "$TMP/clusters.json")
for acct in bbka-delta-cpu wxyz-delta-cpu bbka-delta-gpu MyProj; do
	run_maple generate --json "pytorch ddp on delta, 2 nodes, 1 hour, account $acct, train.py"
	kind=$(jqv '[.warnings[] | select(test("\\[account-kind\\] account .'"$acct"'. is not one of NCSA Delta.s GPU accounts .*\\['"$src"'\\]$"))] | length')
	case $acct in
	*-cpu) expect_eq "delta, account $acct on a GPU partition: account-kind said with its source" "$(jqv .status) $kind" "ok 1" ;;
	*) expect_eq "delta, account $acct: no account-kind" "$(jqv .status) $(jqv '[.warnings[] | select(test("account-kind"))] | length')" "ok 0" ;;
	esac
done
sed 's/--account=bbka-delta-gpu/--account=bbka-delta-cpu/' "$SRC/tests/golden/delta-pytorch-ddp.sh" >"$TMP/delta-cpu-account.sh"
run_maple verify --json --no-tools --cluster delta "$TMP/delta-cpu-account.sh"
expect_json "verify: Delta's golden with the CPU account: account-kind, a warning, on its line" \
	'[.findings[] | select(.id == "account-kind") | [.severity, .line]]' '[["warning",3]]'
run_maple verify --json --no-tools --cluster delta "$SRC/tests/golden/delta-pytorch-ddp.sh"
expect_json "verify: Delta's golden as written: no account-kind" '[.findings[] | select(.id == "account-kind")] | length' '0'
finish
