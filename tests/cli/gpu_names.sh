# gpu_names.sh - the GPU model names that pick a cluster's node type, as sourced data (node types' `models`,
# issue 14), and the part names users write for them across clusters: a GH200 holds an H100 (Vista, DeltaAI),
# MI250X / GCDs on Frontier, PVC / Max 1550 on Aurora and Stampede3, one-word part numbers with the memory
# (A100-SXM4-40GB / -80GB, H100-SXM5-80GB, V100-SXM2-16GB; the reader's) on Polaris, Perlmutter, Delta,
# Bridges-2 ... Each family has its neighbours: a name a cluster has picks the node type that has it; a name (or a memory)
# it lacks is an error that lists what it has, never a script for other GPUs. Read from `maple clusters
# --json` too: every model name of every node type has a source URL, and each name with its own source
# picks its node type.
#
# Run: bash tests/cli/gpu_names.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

run_maple clusters --json
expect_rc "maple clusters --json: exit" 0
printf '%s\n' "$OUT" >"$TMP/clusters.json"
CL=$TMP/clusters.json
expect_json_true "clusters --json: every model name of every node type has an https source" \
	'[.[] | .node_types[] | (.models | length) == (.model_sources | length) and ([.model_sources[] | .source | startswith("https://")] | all)] | all'
expect_json_true "clusters --json: Vista's and DeltaAI's GH200 nodes list the H100 name, DeltaAI not H200" \
	'([.[] | select(.id == "vista") | .node_types[0].models | index("h100") and index("h200") and index("gh200")] | all) and ([.[] | select(.id == "deltaai") | .node_types[0].models | index("h100") and (index("h200") | not)] | all)'

# the node type a request picks: "cluster node_type gpus_per_node" (node_type: the cluster's id for a
# cluster of one node type), or "error" with the message in $MSG
pick() {
	run_maple generate --json "$1, pytorch ddp train.py for 1 hour, account abc123"
	MSG=$(printf '%s\n' "$OUT" | jq -r '(.errors // []) | join(" ")')
	if [ "$(printf '%s\n' "$OUT" | jq -r .status)" != ok ]; then
		PICK=error
		return
	fi
	local c nt
	c=$(printf '%s\n' "$OUT" | jq -r .request.cluster)
	nt=$(printf '%s\n' "$OUT" | jq -r '.script' | sed -n 's/^# Node type \([^:]*\):.*/\1/p')
	PICK="$c ${nt:-$c} $(printf '%s\n' "$OUT" | jq -r .request.gpus_per_node)"
}

# each name with its own source picks its node type
while IFS=$'\t' read -r cid cname ntid name; do
	pick "1 $cname node with $name GPUs"
	case $PICK in
	"$cid $ntid "*) pass "$cid: '$name' (its own source) picks $ntid" ;;
	*) fail "$cid: '$name' (its own source) picks $ntid" "got: $PICK $MSG" ;;
	esac
done < <(jq -r '.[] | . as $c | .node_types[] | . as $nt | .model_sources[] | select(.source != $nt.source) | [$c.id, $c.id, $nt.id, .name] | @tsv' "$CL")

# families across clusters: the request, then the node type picked ("cluster node_type gpus_per_node") or
# "error:" and a word the message must hold
while IFS='|' read -r req want; do
	[ -z "$req" ] && continue
	pick "$req"
	case $want in
	error:*)
		expect_eq "'$req': an error" "$PICK" error
		expect_contains "'$req': the error says why" "$MSG" "${want#error:}" ;;
	*) expect_eq "'$req'" "$PICK" "$want" ;;
	esac
done <<'EOF'
2 Vista nodes with H100|vista vista 1
2 Vista nodes, GH200|vista vista 1
2 Vista H200 nodes|vista vista 1
2 Vista nodes with Grace Hopper superchips|vista vista 1
2 Vista nodes with A100|error:has no a100 nodes
2 Vista nodes with MI250X|error:has no mi250x nodes
2 DeltaAI nodes with H100 GPUs|deltaai deltaai 4
2 DeltaAI nodes with 4 GH200 superchips|deltaai deltaai 4
2 DeltaAI nodes with H200|error:has no h200 nodes
1 Delta node with H200|delta h200x8 8
2 Delta nodes with H100|error:has no h100 nodes
2 Frontier nodes, 8 MI250X GCDs each|frontier frontier 8
2 Frontier nodes of MI250X|frontier frontier 8
2 Frontier nodes with MI250|frontier frontier 8
2 Frontier nodes, MI300X|error:has no mi300x nodes
2 Frontier nodes with H100|error:has no h100 nodes
2 Aurora nodes with PVC|aurora aurora 12
2 Aurora nodes, Intel Max 1550 GPUs|aurora aurora 12
2 Aurora nodes with Ponte Vecchio|aurora aurora 12
2 Aurora nodes with H100|error:has no h100 nodes
2 Stampede3 nodes with PVC|stampede3 pvc 4
2 Stampede3 nodes with Max 1550|stampede3 pvc 4
2 Stampede3 nodes with H100|stampede3 h100 4
2 Polaris nodes, A100-SXM4-40GB|polaris polaris 4
2 Polaris nodes with A100-SXM4-80GB|error:has no a100-80gb nodes
2 Polaris nodes with 4x A100-SXM4-80GB|error:has no a100-80gb nodes
2 Polaris nodes with H100|error:has no h100 nodes
2 Perlmutter nodes with A100-SXM4-80GB|perlmutter gpu80 4
2 Perlmutter nodes, 4x A100-SXM4-80GB each|perlmutter gpu80 4
2 Perlmutter nodes, A100-SXM4-40GB|perlmutter gpu40 4
2 Perlmutter nodes, A100 80GB|perlmutter gpu80 4
2 Delta nodes with A100-SXM4-40GB GPUs|delta a100x4 4
1 Delta node with 8x A100-SXM4-40GB|delta a100x8 8
2 Delta nodes with A100-SXM4-80GB|error:has no a100-80gb nodes
2 Anvil nodes with A100-SXM4-80GB|error:has no a100-80gb nodes
2 Bridges-2 nodes with V100-SXM2-16GB|bridges2 v100-16 8
1 Bridges-2 node with 8x V100-SXM2-16GB|bridges2 v100-16 8
2 Bridges-2 nodes with V100-SXM2-32GB|bridges2 v100-32 8
2 Bridges-2 nodes with H100-SXM5-80GB|bridges2 h100-80 8
1 Lonestar6 node with H100-PCIe-80GB|lonestar6 h100 2
2 Stampede3 nodes with H100-SXM5-80GB|stampede3 h100 4
EOF

# a name the hardware's gpu_model does not say, given without its own source, is a load error
rm -rf "$TMP/bad" && mkdir -p "$TMP/bad/clusters"
sed 's|^  - name: h100$|  - h100\n  - name: h100x|' "$SRC/data/clusters/vista.yaml" >"$TMP/bad/clusters/vista.yaml"
run_maple clusters vista --data-dir "$TMP/bad"
expect_rc "vista 'h100' without a source: exit" 2
expect_contains "vista 'h100' without a source: says to source it" "$ERR" "model name 'h100' is not in the hardware's gpu_model"
expect_match "vista 'h100' without a source: file:line" "$ERR" "vista.yaml:[0-9]+"
sed 's|^    models: \[h100, h100-sxm5, h100-80gb, h100-80\]|    models: [h100, h100-sxm5, h100-80gb, h100-80, gh200]|' "$SRC/data/clusters/stampede3.yaml" >"$TMP/bad/clusters/stampede3.yaml"
rm -f "$TMP/bad/clusters/vista.yaml"
run_maple clusters stampede3 --data-dir "$TMP/bad"
expect_rc "stampede3 'gh200' on its H100 nodes: exit" 2
expect_contains "stampede3 'gh200' on its H100 nodes: message" "$ERR" "model name 'gh200' is not in the hardware's gpu_model"
run_maple clusters vista
expect_contains "clusters vista: the H100 name with NVIDIA's source" "$OUT" "h100: NVIDIA's GH200 joins a Grace CPU and an H100"

finish
