# rules.sh - every rule of src/request/rules.c through the CLI: exit codes (0 ok, 3 incomplete,
# 2 error), --json .status/.missing/.errors/.warnings, defaults and count arithmetic, queue limits.
. "$(dirname "$0")/lib.bash" "$@"

# gen NAME WANT_RC ARGS...: maple generate --json ARGS; checks exit code and that the output is JSON.
gen() {
	local name=$1 want=$2
	shift 2
	run_maple generate --json "$@"
	expect_rc "$name" "$want"
	if ! printf '%s' "$OUT" | jq -e . >/dev/null 2>&1; then
		fail "$name: output is JSON" "$OUT"
	fi
}

# status_of WANT: .status equals WANT (after gen)
status_is() {
	expect_json "$1: status $2" '.status' "\"$2\""
}

errors_contain() {
	expect_contains "$1: error text" "$(jqv '.errors | join("\n")')" "$2"
}

warnings_contain() {
	expect_contains "$1: warning text" "$(jqv '.warnings | join("\n")')" "$2"
}

# ---- missing fields -> incomplete (3)
n="no cluster"
gen "$n" 3 "train a ViT with DDP on 2 nodes, python train.py"
status_is "$n" incomplete
expect_json "$n: missing" '.missing' '["cluster"]'
expect_json "$n: no script" '.script' 'null'
expect_json "$n: nodes still read" '.request.nodes' '2'

n="no nodes or GPUs"
gen "$n" 3 "DDP on perlmutter, python train.py, 2 hours"
status_is "$n" incomplete
expect_json "$n: missing" '.missing' '["nodes"]'

n="nothing at all"
gen "$n" 3 "please write me a training job"
expect_json "$n: missing both" '.missing' '["cluster","nodes"]'

n="incomplete, plain output"
run_maple generate "DDP on 2 nodes, python train.py"
expect_rc "$n" 3
expect_eq "$n: nothing on stdout" "$OUT" ""
expect_contains "$n: stderr says what is missing" "$ERR" "incomplete: missing cluster"

n="cluster from --cluster completes it"
gen "$n" 0 --cluster perlmutter "DDP on 2 nodes, python train.py"
expect_json "$n: cluster" '.request.cluster' '"perlmutter"'
expect_json "$n: from" '.from.cluster' '"--cluster"'

# ---- counts
n="more GPUs per node than the cluster has"
gen "$n" 2 "perlmutter, 2 nodes with 8 GPUs per node, python train.py"
status_is "$n" error
errors_contain "$n" "8 GPUs per node asked, but perlmutter has 4 GPUs per node"
expect_json "$n: no script" '.script' 'null'

n="total over nodes exceeds the node size"
gen "$n" 2 "perlmutter, 2 nodes, 16 GPUs in total, python train.py"
errors_contain "$n" "16 GPUs over 2 nodes is 8 GPUs per node, but perlmutter has 4 GPUs per node (use 4 nodes)"

n="total that does not divide over the nodes"
gen "$n" 2 "perlmutter, 3 nodes, 8 GPUs total, python train.py"
errors_contain "$n" "8 GPUs do not divide evenly over 3 nodes"

n="nodes x per node contradicts the total"
gen "$n" 2 "perlmutter, 2 nodes, 4 GPUs per node, 16 GPUs total, python train.py"
errors_contain "$n" "2 nodes x 4 GPUs per node is 8 GPUs, not the 16 GPUs asked"

n="total not a multiple of per node"
gen "$n" 2 "perlmutter, 4 GPUs per node, 10 GPUs in total, python train.py"
errors_contain "$n" "10 GPUs in total is not a multiple of 4 GPUs per node"

n="consistent nodes, per node and total"
gen "$n" 0 "perlmutter, 2 nodes, 4 GPUs per node, 8 GPUs total, python train.py"
expect_json "$n: counts" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,4,8]'

for w in "0 nodes" "0 GPUs"; do
	n="zero count ($w)"
	gen "$n" 2 "perlmutter, $w, python train.py"
	status_is "$n" error
	errors_contain "$n" "node and GPU counts must be at least 1"
	expect_json "$n: not reported missing" '.missing' '[]'
done

n="negative count"
gen "$n" 2 "perlmutter, -2 nodes, python train.py"
status_is "$n" error
errors_contain "$n" "node and GPU counts must be positive whole numbers"

# ---- unknown cluster
n="unknown cluster via --cluster"
gen "$n" 2 --cluster xyzzy "2 nodes, python train.py"
status_is "$n" error
errors_contain "$n" "unknown cluster 'xyzzy' (closest known: "
errors_contain "$n" "maple clusters"
near=$(jqv '.errors[0]' | sed -n 's/.*closest known: \([^;]*\);.*/\1/p')
ok_ids=true
for id in ${near//,/ }; do
	[ -f "$SRC/data/clusters/$id.yaml" ] || ok_ids=false
done
if $ok_ids && [ -n "$near" ]; then pass "$n: closest ids are real ids ($near)"; else fail "$n: closest ids '$near'"; fi

n="misspelt cluster via --cluster is matched"
gen "$n" 0 --cluster frontieer "2 nodes, python train.py"
expect_json "$n: canonical id" '.request.cluster' '"frontier"'

n="--cluster alias"
gen "$n" 0 --cluster pm "2 nodes, python train.py"
expect_json "$n: canonical id" '.request.cluster' '"perlmutter"'

# ---- named queues: min, max, walltime; admitting queues named
n="polaris prod below its minimum"
gen "$n" 2 "polaris, prod queue, 2 nodes, 1 hour, account abc123, python train.py"
errors_contain "$n" "queue 'prod' needs at least 10 nodes (asked: 2)"
errors_contain "$n" "queues on polaris that would admit 2 nodes for 01:00:00: debug, debug-scaling, capacity"

n="polaris prod above its maximum"
gen "$n" 2 "polaris, prod queue, 600 nodes, 2 hours, account abc123, python train.py"
errors_contain "$n" "queue 'prod' allows at most 496 nodes (asked: 600)"
errors_contain "$n" "would admit 600 nodes for 02:00:00: none"

n="perlmutter debug walltime above its maximum"
gen "$n" 2 "perlmutter, debug qos, 2 nodes, 2 hours, python train.py"
errors_contain "$n" "queue 'debug' allows at most 30 min of walltime (asked: 2 h)"
errors_contain "$n" "queues on perlmutter that would admit 2 nodes for 02:00:00: regular"

n="polaris debug walltime above its maximum"
gen "$n" 2 "polaris, debug queue, 2 nodes, 3 hours, account abc123, python train.py"
errors_contain "$n" "queue 'debug' allows at most 1 h of walltime (asked: 3 h)"
errors_contain "$n" "would admit 2 nodes for 03:00:00: capacity"

n="polaris prod within its bin"
gen "$n" 0 "polaris, prod queue, 30 nodes, 6 hours, account abc123, python train.py"
expect_json "$n: queue" '.request.queue' '"prod"'
expect_contains "$n: directive" "$(jqv .script)" "#PBS -q prod"

n="polaris prod bin exceeded"
gen "$n" 2 "polaris, prod queue, 30 nodes, 8 hours, account abc123, python train.py"
errors_contain "$n" "queue 'prod' allows at most 6 h for jobs of 25-99 nodes (asked: 8 h)"

# frontier batch: walltime limit by node-count bin
n="frontier batch 50 nodes 6 h"
gen "$n" 2 "frontier, batch partition, 50 nodes, 6 hours, account CSC123, python train.py"
errors_contain "$n" "queue 'batch' allows at most 2 h for jobs of 1-91 nodes (asked: 6 h)"
errors_contain "$n" "queues on frontier that would admit 50 nodes for 06:00:00: extended"

n="frontier batch 200 nodes 6 h"
gen "$n" 0 "frontier, batch partition, 200 nodes, 6 hours, account CSC123, python train.py"
expect_json "$n: queue/walltime" '[.request.queue,.request.walltime_minutes]' '["batch",360]'
expect_contains "$n: directive" "$(jqv .script)" "#SBATCH -p batch"

n="frontier batch 100 nodes 6 h (92-183 bin edge)"
gen "$n" 0 "frontier, batch partition, 100 nodes, 6 hours, account CSC123, python train.py"

n="frontier batch 91 nodes 3 h"
gen "$n" 2 "frontier, batch partition, 91 nodes, 3 hours, account CSC123, python train.py"
errors_contain "$n" "jobs of 1-91 nodes"

n="frontier auto: 50 nodes 6 h goes to extended"
gen "$n" 0 "frontier, 50 nodes, 6 hours, account CSC123, python train.py"
expect_json "$n: queue" '.request.queue' '"extended"'

n="frontier auto: no queue admits"
gen "$n" 2 "frontier, 100 nodes, 20 hours, account CSC123, python train.py"
errors_contain "$n" "no queue on frontier admits 100 nodes for 20:00:00"
errors_contain "$n" "queue 'batch' allows at most 6 h for jobs of 92-183 nodes (asked: 20 h)"
errors_contain "$n" "queue 'extended' allows at most 64 nodes (asked: 100)"

n="automatic queue: polaris small job"
gen "$n" 0 "polaris, 2 nodes, 2 hours, account abc123, python train.py"
expect_json "$n: queue" '.request.queue' '"capacity"'

n="automatic queue: default first"
gen "$n" 0 "perlmutter, 2 nodes, 2 hours, python train.py"
expect_json "$n: queue" '.request.queue' '"regular"'

# issue14: the queue lists are complete, so a queue the cluster does not have is an error naming its queues
n="unknown queue is an error listing the cluster's queues"
gen "$n" 2 "perlmutter, 2 nodes, queue gpu_special, python train.py"
expect_contains "$n: error" "$(jqv '.errors[0]')" "queue 'gpu_special' does not exist on perlmutter; its queues are: regular, debug"

# Bridges-2's RM-512 partition (512 GB CPU nodes; a 2026 user copy of PSC's partition table): a GPU job
# there is refused because the partition has no GPUs (it was "does not exist" before the entry was added)
n="bridges2: RM-512 is a CPU partition"
gen "$n" 2 "bridges2, 1 node, 8 GPUs, partition RM-512, 2 hours, python train.py"
errors_contain "$n" "queue 'RM-512' on bridges2 has no GPUs (CPU-only); GPU queues: GPU, GPU-shared"

n="no walltime: queue default"
gen "$n" 0 "perlmutter, 2 nodes, python train.py"
expect_json "$n: walltime" '.request.walltime_minutes' '60'
warnings_contain "$n" "no walltime given: using 01:00:00"

# Anvil's queues carry RCAC's job default (30 minutes of wall time, RCAC's Anvil jobs page)
n="no walltime: anvil's documented default"
gen "$n" 0 "anvil, 2 nodes, python train.py, account cis240117-gpu"
expect_json "$n: walltime" '.request.walltime_minutes' '30'
warnings_contain "$n" "no walltime given: using 00:30:00 (the queue's default)"
# Delta: NCSA's default of 30 minutes holds for every partition, the interactive ones too (was 1 h there)
n="no walltime: delta interactive partition's documented default"
gen "$n" 0 "delta, 1 node, gpuA100x4-interactive, python t.py, account bbka-delta-gpu"
expect_json "$n: walltime" '.request.walltime_minutes' '30'
warnings_contain "$n" "no walltime given: using 00:30:00 (the queue's default)"

# a clock walltime no scheduler takes, after a time cue, is an error naming it (never "no walltime
# given" and a default): hours past any range, minutes or seconds past 59, zero; H:MM and D-HH:MM:SS too
for w in "walltime 99999999999:00:00" "time limit 1-99999999999:00:00" "-t 12:75:00" "walltime 0:00:00" \
	"walltime 9999999:30" "runtime 12:00:99"; do
	n="clock walltime out of range: $w"
	gen "$n" 2 "perlmutter, 2 nodes, $w, python train.py"
	expect_match "$n: the error names it" "$(jqv '.errors[]')" '^the walltime must be more than 0 and at most a year \(asked: ".*'"${w##* }"'"\)$'
done
# its neighbours in range still read as they did
for t in "walltime 12:00:00:720" "time limit 1-02:00:00:1560" "-t 00:45:00:45" "walltime 1:30:90"; do
	w=${t%:*} want=${t##*:}
	n="clock walltime in range: $w"
	gen "$n" 0 "perlmutter, 2 nodes, $w, account m1234, python train.py"
	expect_json "$n: minutes" '.request.walltime_minutes' "$want"
done

# a walltime in seconds past 10^9 (or past double's range) is an impossible walltime naming the words said
# (9af9c85: "no walltime given" and 1 h); rates, an option's value and seconds in range read as before
for w in "for 99999999999 seconds" "for 2.5e20 seconds" "for 1e400 s" "walltime 18446744073709551616 secs"; do
	n="walltime in seconds out of range: $w"
	gen "$n" 2 "perlmutter, 2 nodes, $w, python train.py"
	expect_match "$n: the error names it" "$(jqv '.errors[]')" '^the walltime must be more than 0 and at most a year \(asked: ".*'"${w#* }"'"\)$'
done
for t in "for 7200 seconds:120" "checkpoint every 99999999999 seconds, 2 hours:120"; do
	w=${t%:*} want=${t##*:}
	n="walltime in seconds, neighbours: $w"
	gen "$n" 0 "perlmutter, 2 nodes, account m1234, python train.py $w"
	expect_json "$n: minutes" '.request.walltime_minutes' "$want"
done
n="walltime in seconds, neighbours: an option's value"
gen "$n" 0 "perlmutter, 2 nodes, 3 hours, account m1234, python train.py --save-every 99999999999 s"
expect_json "$n: minutes" '.request.walltime_minutes' "180"

# ---- framework / strategy defaults
n="DeepSpeed mentioned, no stage"
gen "$n" 0 "use deepspeed on perlmutter, 2 nodes, python train.py"
expect_json "$n: deepspeed zero3" '[.request.framework,.request.strategy]' '["deepspeed","zero3"]'
warnings_contain "$n" "no ZeRO stage given: using DeepSpeed ZeRO stage 3"
expect_json "$n: template" '.template' '"perlmutter-deepspeed"'

n="nothing said about the framework"
gen "$n" 0 "perlmutter, 2 nodes, python train.py"
expect_json "$n: pytorch ddp" '[.request.framework,.request.strategy]' '["pytorch","ddp"]'
expect_json "$n: no ZeRO warning" '[.warnings[] | select(test("ZeRO"))]' '[]'

n="ZeRO stage 2 implies deepspeed"
gen "$n" 0 "perlmutter, 2 nodes, ZeRO stage 2, python train.py"
expect_json "$n: deepspeed zero2" '[.request.framework,.request.strategy]' '["deepspeed","zero2"]'
expect_contains "$n: config stage" "$(jqv .script)" '"stage": 2'

n="accelerate with FSDP"
gen "$n" 0 "perlmutter, 2 nodes, accelerate with FSDP, python train.py"
expect_json "$n: accelerate fsdp" '[.request.framework,.request.strategy,.template]' '["accelerate","fsdp","perlmutter-accelerate"]'
expect_contains "$n: flags" "$(jqv .script)" "--use_fsdp"

# ---- counts from partial statements
n="only nodes (bridges2)"
gen "$n" 0 "bridges2, 3 nodes, account cis230001p, python train.py"
expect_json "$n: 8 per node" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[3,8,24]'
n="only nodes (vista)"
gen "$n" 0 "vista, 3 nodes, python train.py"
expect_json "$n: 1 per node" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[3,1,3]'
n="only nodes (aurora)"
gen "$n" 0 "aurora, 2 nodes, account abc123, python train.py"
expect_json "$n: 12 per node" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,12,24]'

n="only a total below a node"
gen "$n" 0 "perlmutter, 2 GPUs, python train.py"
expect_json "$n: 1 x 2" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[1,2,2]'
n="only a total of whole nodes"
gen "$n" 0 "perlmutter, 16 GPUs, python train.py"
expect_json "$n: 4 x 4" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[4,4,16]'
expect_json "$n: no warning about uneven" '[.warnings[] | select(test("evenly"))]' '[]'
# only a total that whole nodes do not hold: an error that offers both layouts (the devset's rule: per
# node = min(total, the node's), nodes = total / per node, or an error)
n="only an uneven total"
gen "$n" 2 "perlmutter, 6 GPUs, python train.py"
status_is "$n" error
errors_contain "$n" '6 GPUs do not fill 4-GPU nodes evenly (every node runs the same number of ranks): say "2 nodes x 3 GPUs" (the fewest nodes over which 6 divides) or "2 nodes" (8 GPUs)'
expect_json "$n: no script" '.script' 'null'
n="only an uneven total (frontier)"
gen "$n" 2 "frontier, 12 GPUs, account CSC123, python train.py"
errors_contain "$n" 'say "2 nodes x 6 GPUs"'
# a total named by the package model counts packages: OLCF's MI250X holds 2 GCDs (each a GPU to the
# framework), so "8 MI250X" is 16 GCDs, two whole nodes; "4 MI250X" is one node; "N GPUs" and "N GCDs"
# stay devices (OLCF calls each GCD a GPU); ALCF's Max 1550 holds 2 tiles
n="frontier: 8 MI250X on 2 nodes"
gen "$n" 0 "frontier, 8 MI250X on 2 nodes, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,8,16]'
warnings_contain "$n" '"8 MI250X" on frontier read as 16 GCDs'
n="frontier: 4 MI250X alone is one whole node"
gen "$n" 0 "frontier, 4 MI250X, 1 hour, account CSC123, python train.py"
expect_json "$n: 1 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[1,8,8]'
expect_json "$n: no idle GCDs" '[.warnings[] | select(test("gpus-idle"))]' '[]'
n="frontier: 1 node, 4 MI250X"
gen "$n" 0 "frontier, 1 node, 4 MI250X, 1 hour, account CSC123, python train.py"
expect_json "$n: 1 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[1,8,8]'
n="frontier: 16 MI250X GPUs is 4 nodes"
gen "$n" 0 "frontier, 16 MI250X GPUs, 1 hour, account CSC123, python train.py"
expect_json "$n: 4 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[4,8,32]'
n="frontier: 4 MI250X per node"
gen "$n" 0 "frontier, 2 nodes, 4 MI250X per node, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,8,16]'
n="frontier: 4 cards per node are the 4 MI250X"
gen "$n" 0 "frontier, 2 nodes, 4 cards per node, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,8,16]'
n="frontier: 8 cards in total"
gen "$n" 0 "frontier, 8 cards, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,8,16]'
n="frontier: 2 MI250X per node are 4 GCDs"
gen "$n" 0 "frontier, 2 nodes, 2 MI250X per node, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 4 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,4,8]'
warnings_contain "$n" "read as 4 GCDs per node"
n="frontier: 4 GCDs per node (two of the four cards) stays 4"
gen "$n" 0 "Frontier, 2 nodes, 4 GCDs per node (two of the four MI250X cards), 1h, account CSC200, python train.py"
expect_json "$n: 2 x 4 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,4,8]'
n="frontier: 16 MI250X GCDs stays GCDs"
gen "$n" 0 "frontier, 16 MI250X GCDs, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,8,16]'
expect_json "$n: no package reading" '[.warnings[] | select(test("read as"))]' '[]'
n="frontier: 16 GPUs stays GCDs"
gen "$n" 0 "frontier, 16 GPUs, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 8 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,8,16]'
n="frontier: 4 GPUs per node stays GCDs"
gen "$n" 0 "frontier, 2 nodes, 4 GPUs per node, 1 hour, account CSC123, python train.py"
expect_json "$n: 2 x 4 GCDs" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,4,8]'
n="aurora: 12 Max 1550 GPUs is 2 nodes"
gen "$n" 0 "aurora, 12 Max 1550 GPUs, 1 hour, account MyProj, python train.py"
expect_json "$n: 2 x 12 tiles" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,12,24]'
n="aurora: 24 PVC tiles stays tiles"
gen "$n" 0 "aurora, 24 PVC tiles, 1 hour, account MyProj, python train.py"
expect_json "$n: 2 x 12 tiles" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,12,24]'
expect_json "$n: no package reading" '[.warnings[] | select(test("read as"))]' '[]'
n="only an uneven total (lonestar6)"
gen "$n" 2 "lonestar6, 8 GPUs, python train.py"
errors_contain "$n" 'say "4 nodes x 2 GPUs" (the fewest nodes over which 8 divides) or "3 nodes" (9 GPUs)'
n="an uneven total answered with the layout"
gen "$n" 0 "lonestar6, 8 GPUs, 4 nodes x 2 GPUs, python train.py"
expect_json "$n: 4 x 2" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[4,2,8]'
n="only per node"
gen "$n" 0 "perlmutter, 3 GPUs per node, python train.py"
expect_json "$n: 1 x 3" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[1,3,3]'
warnings_contain "$n" "no node count given: using 1 node with 3 GPUs"
n="nodes and per node below the node size"
gen "$n" 0 "perlmutter, 2 nodes, 2 GPUs per node, python train.py"
expect_json "$n: 2 x 2" '[.request.nodes,.request.gpus_per_node,.request.total_gpus]' '[2,2,4]'
expect_contains "$n: header asks for 2 GPUs per node" "$(jqv .script)" "#SBATCH --gpus-per-node=2"

# ---- script default, accounts, queues, script args verbatim
n="no script named"
gen "$n" 0 "perlmutter, 3 nodes"
expect_json "$n: train.py" '.request.script' '"train.py"'
warnings_contain "$n" "no training script named: using train.py"
expect_contains "$n: on the launch line" "$(launch_line "$(jqv .script)")" " train.py"

n="account kept verbatim"
gen "$n" 0 "perlmutter, 2 nodes, account m1234_g, python train.py"
expect_json "$n: account" '.request.account' '"m1234_g"'
expect_contains "$n: directive" "$(jqv .script)" "#SBATCH --account=m1234_g"
n="mixed-case account kept verbatim"
gen "$n" 0 "frontier, 2 nodes, account CSC123_ab, python train.py"
expect_contains "$n: directive" "$(jqv .script)" "#SBATCH -A CSC123_ab"
n="named queue kept"
gen "$n" 0 "perlmutter, 2 nodes, premium qos, python train.py"
expect_contains "$n: directive" "$(jqv .script)" "#SBATCH --qos=premium"

n="no account where one is required"
gen "$n" 0 "polaris, 2 nodes, 2 hours, python train.py"
warnings_contain "$n" "no account given: polaris rejects jobs without one"
expect_contains "$n: placeholder" "$(jqv .script)" "#PBS -A YOUR_ACCOUNT"
expect_contains "$n: edit note" "$(jqv .script)" "# EDIT: replace YOUR_ACCOUNT"
n="no account where none is required"
gen "$n" 0 "perlmutter, 2 nodes, python train.py"
expect_not_contains "$n: no account line" "$(jqv .script)" "--account"
expect_json "$n: no account warning" '[.warnings[] | select(test("account"))]' '[]'

n="script path and arguments on the launch line"
gen "$n" 0 "perlmutter, 2 nodes, 2 hours, python src/models/train.py --config configs/llama.yaml --lr=3e-4 --tags a,b"
expect_json "$n: script" '.request.script' '"src/models/train.py"'
expect_json "$n: args" '.request.script_args' '["--config","configs/llama.yaml","--lr=3e-4","--tags","a,b"]'
expect_contains "$n: launch line" "$(launch_line "$(jqv .script)")" " src/models/train.py --config configs/llama.yaml --lr=3e-4 --tags a,b'"

n="python -m module"
gen "$n" 0 "perlmutter, 2 nodes, python -m mypkg.train --epochs 3"
expect_contains "$n: launch line" "$(launch_line "$(jqv .script)")" "-m mypkg.train --epochs 3"

n="port out of range"
gen "$n" 2 "perlmutter, 2 nodes, master port 80, python train.py"
errors_contain "$n" "port 80 is out of range: use 1024-65535"
# a port past any number the reader keeps is named as it was said, never as a made-up value
for w in "master port 99999999999" "port 4294967297" "--master_port 1e12" "port 0" "--master_port 0" "master port 0"; do
	n="port out of range: $w"
	gen "$n" 2 "perlmutter, 2 nodes, $w, python train.py"
	errors_contain "$n" "port out of range (asked: \"${w#master }\"): use 1024-65535"
done
n="port in range"
gen "$n" 0 "perlmutter, 2 nodes, master port 29600, python train.py"
expect_contains "$n: exported" "$(jqv .script)" "export MASTER_PORT=29600"

# ---- known bug: a queue matched case-insensitively is written as the user spelt it.
# Slurm partition names are case-sensitive: Bridges-2's partition is "GPU-shared", Stampede3's "h100".
# maple checks the limits of the profile's queue, so the directive must carry the profile's name.
n="known queue written with the profile's spelling (bridges2 GPU-shared)"
gen "$n" 0 "bridges2, 1 node, gpu-shared partition, 2 hours, account cis230001p, python train.py"
expect_contains "$n: directive" "$(jqv .script)" "#SBATCH -p GPU-shared"
n="known queue written with the profile's spelling (stampede3 h100)"
gen "$n" 0 "stampede3, H100 queue, 2 nodes, 2 hours, account TG-CIS230001, python train.py"
expect_contains "$n: directive" "$(jqv .script)" "#SBATCH -p h100"

# ---- issue14: Bridges-2's H100-80GB nodes (users' scripts: --gpus=h100-80:N in GPU and GPU-shared).
# Each wording of the GPU picks the node type; the GPU type lands in --gpus; the type's limits hold.
for w in "8 H100 GPUs per node" "h100-80 gpus, 8 per node" "8x H100 80GB per node" "8 H100s each" "H100-80GB nodes"; do
	n="bridges2 H100 node type ($w)"
	gen "$n" 0 "PyTorch DDP on Bridges-2, 2 nodes, $w, 3 hours, account cis230001p, python train.py"
	expect_contains "$n: GPU type" "$(jqv .script)" "#SBATCH --gpus=h100-80:16"
	expect_contains "$n: partition" "$(jqv .script)" "#SBATCH -p GPU"
	warnings_contain "$n" "using the h100-80 nodes"
done
n="bridges2 H100 on GPU-shared, 4 GPUs"
gen "$n" 0 "bridges2 GPU-shared, 1 node, 4 H100 GPUs, 2 hours, account cis230001p, python train.py"
expect_contains "$n: GPU type and count" "$(jqv .script)" "#SBATCH --gpus=h100-80:4"
n="bridges2 H100 on GPU-shared, 6 GPUs"
gen "$n" 2 "bridges2 GPU-shared, 1 node, 6 H100 GPUs, 2 hours, account cis230001p, python train.py"
errors_contain "$n" "queue 'GPU-shared' on bridges2 allows at most 4 GPUs per job (asked: 6)"
n="bridges2 H100, 9 per node"
gen "$n" 2 "bridges2, 1 node with 9 H100 GPUs, 2 hours, account cis230001p, python train.py"
errors_contain "$n" "9 GPUs per node asked, but bridges2 has 8 GPUs per node on its h100-80 nodes"
n="bridges2 H100, more nodes than exist"
gen "$n" 2 "bridges2, 12 nodes of 8 H100s, 2 hours, account cis230001p, python train.py"
errors_contain "$n" "12 nodes asked, but bridges2 has 10 h100-80 nodes"
errors_contain "$n" "v100-32 (24 nodes"
n="bridges2 V100 16GB, more nodes than exist"
gen "$n" 2 "bridges2, 10 nodes of V100-16GB, 8 GPUs each, 2 hours, account cis230001p, python train.py"
errors_contain "$n" "10 nodes asked, but bridges2 has 9 v100-16 nodes"
n="bridges2 V100 (32GB), 12 nodes"
gen "$n" 0 "bridges2, 12 nodes of 8 V100s, 2 hours, account cis230001p, python train.py"
expect_contains "$n: GPU type" "$(jqv .script)" "#SBATCH --gpus=v100-32:96"
n="perlmutter 80GB nodes, more than exist"
gen "$n" 2 "perlmutter, 300 nodes of A100 80GB, 2 hours, python train.py"
errors_contain "$n" "300 nodes asked, but perlmutter has 256 gpu80 nodes"
n="perlmutter without a GPU model: the QOS's limit, not the 40 GB count"
gen "$n" 0 "perlmutter, 1600 nodes, 2 hours, python train.py"
n="bridges2 L40S: not modelled, an error naming the node types"
gen "$n" 2 "bridges2, 1 node, 8 L40S GPUs, 2 hours, account cis230001p, python train.py"
errors_contain "$n" "h100-80: 8x NVIDIA H100-SXM5-80GB"

# Anvil gpu-debug takes at most 2 GPUs per job (RCAC's queue table, "2 GPUs" in its Max Cores per Job column):
# named without a GPU count it gets 2, not the node's 4 (it was 4 with a warning before 2026-11-29)
n="anvil gpu-debug without a GPU count: RCAC's 2 GPUs"
gen "$n" 0 "anvil, gpu-debug, 1 node, 20 minutes, account cis230000-gpu, python train.py"
expect_json "$n: GPUs" '[.request.gpus_per_node, .request.total_gpus]' '[2,2]'
expect_contains "$n: script" "$(jqv .script)" "#SBATCH --gpus-per-node=2"

# ---- audited queue limits (issue 14, November 2026): one case at each limit and one past it, for the
# limits the centres' own tables give (the source in each profile); a change to one of these numbers in
# data/ must come with its source and changes this table. "Q LIMIT-KIND" lines: ok = admitted at the
# limit, error = the error text past it.
while IFS='|' read -r want cl req text; do
	[ -n "$want" ] || continue
	n="audited limit: $cl: $req"
	if [ "$want" = ok ]; then
		gen "$n" 0 "$cl, $req, python train.py"
	else
		gen "$n" 2 "$cl, $req, python train.py"
		errors_contain "$n" "$text"
	fi
done <<'LIMITS'
ok|deltaai|ghx4-interactive, 4 nodes, 2 hours, account bbka-dtai-gh|
error|deltaai|ghx4-interactive, 5 nodes, 1 hour, account bbka-dtai-gh|queue 'ghx4-interactive' allows at most 4 nodes (asked: 5)
error|deltaai|ghx4-interactive, 1 node, 3 hours, account bbka-dtai-gh|queue 'ghx4-interactive' allows at most 2 h of walltime
ok|delta|gpuA100x8-interactive, 2 nodes, 1 hour, account bbka-delta-gpu|
error|delta|gpuA100x8-interactive, 3 nodes, 1 hour, account bbka-delta-gpu|allows at most 2 nodes
error|delta|gpuH200x8, 2 nodes, 1 hour, account bbka-delta-gpu|allows at most 1 nodes
error|delta|gpuA100x4-interactive, 1 node, 2 hours, account bbka-delta-gpu|queue 'gpuA100x4-interactive' allows at most 1 h of walltime
ok|anvil|gpu-debug, 1 node, 2 GPUs, 30 minutes, account cis230000-gpu|
error|anvil|gpu-debug, 2 nodes, 30 minutes, account cis230000-gpu|queue 'gpu-debug' allows at most 1 nodes
error|anvil|gpu-debug, 1 node, 2 GPUs, 1 hour, account cis230000-gpu|queue 'gpu-debug' allows at most 30 min of walltime
error|anvil|gpu-debug, 1 node, 4 GPUs, 30 minutes, account cis230000-gpu|queue 'gpu-debug' on anvil allows at most 2 GPUs per job (asked: 4)
error|anvil|gpu-debug, 1 node, 3 GPUs, 30 minutes, account cis230000-gpu|allows at most 2 GPUs per job (asked: 3)
ok|anvil|gpu, 1 node, 4 GPUs, 30 minutes, account cis230000-gpu|
error|anvil|ai, 1 node, 4 GPUs, 49 hours, account cis230000-gpu|queue 'ai' allows at most 48 h of walltime
ok|lonestar6|gpu-h100, 1 node, 48 hours|
error|lonestar6|gpu-a100, 9 nodes, 1 hour|queue 'gpu-a100' allows at most 8 nodes (asked: 9)
error|lonestar6|gpu-a100-dev, 3 nodes, 1 hour|queue 'gpu-a100-dev' allows at most 2 nodes (asked: 3)
ok|stampede3|pvc, 4 nodes, 48 hours|
error|stampede3|h100, 5 nodes, 1 hour|queue 'h100' allows at most 4 nodes (asked: 5)
ok|vista|gh-dev, 8 nodes, 2 hours|
error|vista|gh, 65 nodes, 1 hour|queue 'gh' allows at most 64 nodes (asked: 65)
error|polaris|debug-scaling, 11 nodes, 1 hour, account MyProj|queue 'debug-scaling' allows at most 10 nodes (asked: 11)
error|polaris|capacity, 5 nodes, 1 hour, account MyProj|queue 'capacity' allows at most 4 nodes (asked: 5)
error|aurora|capacity, 17 nodes, 1 hour, account MyProj|queue 'capacity' allows at most 16 nodes (asked: 17)
ok|polaris|debug, 2 nodes, 1 hour, account MyProj|
error|polaris|debug, 3 nodes, 1 hour, account MyProj|queue 'debug' allows at most 2 nodes (asked: 3)
error|polaris|prod, 9 nodes, 1 hour, account MyProj|queue 'prod' needs at least 10 nodes (asked: 9)
ok|aurora|debug, 2 nodes, 1 hour, account MyProj|
error|aurora|debug, 3 nodes, 1 hour, account MyProj|queue 'debug' allows at most 2 nodes (asked: 3)
ok|aurora|debug-scaling, 256 nodes, 1 hour, account MyProj|
error|aurora|debug-scaling, 1 node, 1 hour, account MyProj|queue 'debug-scaling' needs at least 2 nodes (asked: 1)
ok|lonestar6|gpu-a100-dev, 2 nodes, 2 hours|
error|lonestar6|gpu-h100, 2 nodes, 1 hour|queue 'gpu-h100' allows at most 1 nodes (asked: 2)
error|vista|gh-dev, 9 nodes, 1 hour|queue 'gh-dev' allows at most 8 nodes (asked: 9)
ok|delta|gpuA100x4-interactive, 4 nodes, 1 hour, account bbka-delta-gpu|
error|delta|gpuA100x4-interactive, 5 nodes, 1 hour, account bbka-delta-gpu|queue 'gpuA100x4-interactive' allows at most 4 nodes (asked: 5)
error|delta|gpuMI100x8, 2 nodes, 1 hour, account bbka-delta-gpu|queue 'gpuMI100x8' allows at most 1 nodes (asked: 2)
error|stampede3|pvc, 5 nodes, 1 hour|queue 'pvc' allows at most 4 nodes (asked: 5)
ok|frontier|batch, 92 nodes, 6 hours, account CSC123|
error|frontier|batch, 91 nodes, 3 hours, account CSC123|queue 'batch' allows at most 2 h for jobs of 1-91 nodes (asked: 3 h)
error|frontier|debug QOS, 2 nodes, 3 hours, account CSC123|queue 'debug' allows at most 2 h of walltime (asked: 3 h)
ok|frontier|extended, 64 nodes, 24 hours, account CSC123|
error|frontier|extended, 64 nodes, 25 hours, account CSC123|queue 'extended' allows at most 24 h of walltime
LIMITS

finish
