# nodetypes.sh - every node type of every cluster in data/clusters gets scripts that run on it: for each
# node type, `maple generate` (one --batch process) with its first queue in three frameworks, with the
# GPU model named instead of the queue, with each name of its `models:` list that no other node type of
# the cluster shares, and with a user conda environment; each script must pick that
# node type, ask for and launch the node type's GPUs per node, carry no setting of another GPU vendor
# (NCCL/CUDA on Intel, CUDA modules on AMD, ROCm/oneCCL on NVIDIA), activate an environment and check
# `import torch` where the centre provides no framework, name a queue that reaches the node type, and
# pass bash -n and shellcheck. Impossible combinations are errors naming the limit: one GPU more per
# node than the node type has, one GPU more than a shared queue's per-job cap, and one node more than
# the node type has (asked by its own name). The expectations are
# read from `maple clusters --json`, so a node type or queue added to data/ is tested here.
# Then the ways people name hardware (named.txt below: the GPU model, its memory, the vendor, the GPUs
# per node, "N-way", "half an 8-GPU node", GCDs and tiles, the queue): each picks the node type it
# names with its GPUs per node, or is an error naming what the cluster has (a model, memory or vendor
# the cluster lacks, nodes it has and maple does not model, a MIG slice; also without a node count: no
# question first); a name two node types share
# keeps the default one (Delta "A100" is gpuA100x4, not the 8-way nodes; Perlmutter "A100" the 40 GB).
# A GPU memory size is a minimum ("80GB GPUs", "A100 64GB"), but one named exactly ("the 40GB A100s", "the
# 80 GB ones", "A100-40GB") picks the node type of exactly that size or is an error naming the sizes there are.
. "$(dirname "$0")/lib.bash" "$@"

if ! command -v python3 >/dev/null 2>&1; then
	pass "python3 not installed: skipped"
	finish
fi
HAVE_SHELLCHECK=0
command -v shellcheck >/dev/null 2>&1 && HAVE_SHELLCHECK=1
[ "$HAVE_SHELLCHECK" = 1 ] || echo "# shellcheck not installed: skipping the shellcheck checks"

run_maple clusters --json
expect_rc "maple clusters --json: exit" 0
printf '%s\n' "$OUT" >"$TMP/clusters.json"

# Hardware as people name it: "ok CLUSTER NODETYPE NODES GPUS_PER_NODE | request" (the node type, node
# count and GPUs per node the script must have) or "error CLUSTER REGEX | request" (the error must match).
cat >"$TMP/named.txt" <<'NAMED'
ok lonestar6 h100 1 2 | pytorch ddp on the H100 nodes on Lonestar6, 1 node, 2 hours, train.py
ok lonestar6 h100 1 2 | pytorch ddp on Lonestar6 queue gpu-h100, 1 node, 1 hour, train.py
ok lonestar6 a100 2 3 | pytorch ddp on Lonestar6 A100 PCIe nodes, 2 nodes, 2 hours, train.py
ok lonestar6 h100 1 2 | pytorch ddp on Lonestar6 with 80GB GPUs, 1 node, 1 hour, train.py
error lonestar6 has 3 GPUs per node | pytorch ddp on Lonestar6 with 4 A100 per node, 2 nodes, 1 hour, train.py
error lonestar6 allows at most 1 nodes | pytorch ddp on Lonestar6 H100 nodes, 2 nodes, 1 hour, train.py
ok delta a100x8 1 8 | pytorch ddp on Delta's 8-way A100 boxes, 1 node, 4 hours, train.py
ok delta a100x8 1 8 | pytorch ddp on Delta with 8 A100s per node, 1 node, 1 hour, train.py
ok delta a100x8 1 8 | pytorch ddp on Delta's A100x8 partition, 1 node, 1 hour, train.py
ok delta a100x4 2 4 | pytorch ddp on Delta A100, 2 nodes, 1 hour, train.py
ok delta a100x8 1 8 | pytorch ddp on Delta, an 8x A100 node, 4 hours, train.py
ok delta a100x8 1 8 | pytorch ddp on Delta, 8x A100 node, 1 node, 4 hours, train.py
ok delta a100x4 3 4 | pytorch ddp on Delta, 3x A100 nodes, 4 hours, train.py
ok bridges2 v100-32 1 8 | pytorch ddp on Bridges-2, 8x V100-32GB node, 1 node, 2 hours, train.py
ok delta a100x4 2 4 | pytorch ddp on Delta, 4-way A100 nodes, 2 nodes, 1 hour, train.py
ok delta a100x4 1 2 | pytorch ddp on Delta, half an A100 node, 1 hour, train.py
ok delta mi100x8 1 8 | pytorch ddp on the MI100 nodes on Delta, 1 node, 2 hours, train.py
ok delta mi100x8 1 8 | pytorch ddp on Delta AMD GPUs, 1 node, 1 hour, train.py
ok delta mi100x8 1 8 | pytorch ddp on Delta with AMD Instinct GPUs, 1 node, 1 hour, train.py
ok delta mi100x8 1 4 | pytorch ddp on Delta, half a MI100 node, 1 hour, train.py
ok delta a40x4 2 4 | pytorch ddp on Delta A40s, 2 nodes, 2 hours, train.py
ok delta a40x4 2 4 | pytorch ddp on Delta with 48GB GPUs, 2 nodes, 1 hour, train.py
ok delta h200x8 1 8 | pytorch ddp on Delta H200, 1 node, 2 hours, train.py
ok delta h200x8 1 8 | pytorch ddp on Delta with 141GB GPUs, 1 node, 1 hour, train.py
ok delta h200x8 1 4 | pytorch ddp on Delta, half an 8-GPU node (4 H200s), 2 hours, train.py
ok delta h200x8 1 4 | pytorch ddp on Delta, half an H200 node, 1 hour, train.py
error delta node types with enough GPUs: a100x8 | pytorch ddp on Delta with 8 GPUs per node, 1 node, 1 hour, train.py
error delta has no h100 nodes | pytorch ddp on Delta's H100 nodes, 1 node, 1 hour, train.py
error delta has no gh200 nodes | pytorch ddp on Delta Grace Hopper nodes, 2 nodes, 2 hours, train.py
error delta has no a100-80gb nodes | pytorch ddp on Delta A100 80GB, 1 node, 1 hour, train.py
error delta allows at most 1 nodes | pytorch ddp on Delta with 80GB GPUs, 2 nodes, 1 hour, train.py
error delta has no v100 nodes | pytorch ddp on Delta, V100, 1 node, 1 hour, train.py
error delta has no l40s nodes | pytorch ddp on Delta L40S, 1 node, 1 hour, train.py
error delta has no b200 nodes | pytorch ddp on Delta B200, 1 node, 1 hour, train.py
error delta allows at most 1 nodes | pytorch ddp on Delta, 2 H200 nodes, 1 hour, train.py
error delta whole GPUs only | pytorch ddp on Delta, 1 node, a 3g.20gb MIG slice, 1 hour, train.py
ok bridges2 v100-32 2 8 | pytorch ddp on Bridges-2 V100 32GB, 2 nodes, 4 hours, train.py
ok bridges2 v100-32 2 8 | pytorch ddp on Bridges-2 V100, 2 nodes, 1 hour, train.py
ok bridges2 v100-16 2 8 | pytorch ddp on Bridges-2 V100 16GB, 2 nodes, 4 hours, train.py
ok bridges2 v100-16 1 4 | pytorch ddp on Bridges-2 GPU-shared, 4 V100 16GB, 1 hour, train.py
ok bridges2 v100-32 1 4 | pytorch ddp on Bridges-2 GPU-shared, half an 8-GPU node, 1 hour, train.py
ok bridges2 h100-80 1 8 | pytorch ddp on Bridges-2 H100, 1 node, 4 hours, train.py
ok bridges2 h100-80 1 8 | pytorch ddp on Bridges-2 with 80GB GPUs, 1 node, 1 hour, train.py
error bridges2 L40S-48GB.*does not model | pytorch ddp on Bridges-2 L40S, 1 node, 4 hours, train.py
error bridges2 L40S-48GB.*does not model | pytorch ddp on Bridges-2 GPU-shared with 2 L40S GPUs, 1 hour, train.py
error bridges2 at most 4 GPUs per job | pytorch ddp on Bridges-2 GPU-shared with 8 V100s on 1 node, 1 hour, train.py
ok stampede3 pvc 2 4 | pytorch ddp on Stampede3 Max 1550, 2 nodes, 2 hours, train.py
ok stampede3 pvc 2 4 | pytorch ddp on Stampede3 PVC nodes, 2 nodes, 2 hours, train.py
ok stampede3 pvc 1 4 | pytorch ddp on Stampede3 Ponte Vecchio, 1 node, 1 hour, train.py
ok stampede3 pvc 1 4 | pytorch ddp on Stampede3 Intel GPUs, 1 node, 1 hour, train.py
ok stampede3 pvc 2 4 | pytorch ddp on Stampede3, Intel GPU Max 1550, 2 nodes, 1 hour, train.py
ok stampede3 h100 2 4 | pytorch ddp on Stampede3 H100 nodes, 2 nodes, 2 hours, train.py
ok stampede3 h100 1 4 | pytorch ddp on Stampede3, 4 H100 80GB, 1 node, 1 hour, train.py
ok stampede3 h100 2 4 | pytorch ddp on Stampede3 GPU nodes, 2 nodes, 1 hour, train.py
error stampede3 has 4 GPUs per node | pytorch ddp on Stampede3 with 8 H100 per node, 1 node, 1 hour, train.py
ok anvil h100 2 4 | pytorch ddp on Anvil H100, 2 nodes, 2 hours, train.py
ok anvil h100 2 4 | pytorch ddp on Anvil AI nodes, 2 nodes, 2 hours, train.py
ok anvil h100 2 4 | pytorch ddp on Anvil ai partition, 2 nodes, 1 hour, train.py
ok anvil a100 2 4 | pytorch ddp on Anvil A100, 2 nodes, 2 hours, train.py
error anvil has no a100-80gb nodes | pytorch ddp on Anvil A100 80GB, 2 nodes, 1 hour, train.py
error anvil has 4 GPUs per node | pytorch ddp on Anvil with 8 GPUs per node, 1 node, 1 hour, train.py
ok perlmutter gpu80 2 4 | pytorch ddp on Perlmutter A100 80GB, 2 nodes, 2 hours, train.py
ok perlmutter gpu80 2 4 | pytorch ddp on Perlmutter 80GB GPUs, 2 nodes, 2 hours, train.py
ok perlmutter gpu80 2 4 | pytorch ddp on Perlmutter hbm80g nodes, 2 nodes, 1 hour, train.py
ok perlmutter gpu40 2 4 | pytorch ddp on Perlmutter A100, 2 nodes, 1 hour, train.py
ok perlmutter gpu40 2 4 | pytorch ddp on Perlmutter 40GB A100s, 2 nodes, 1 hour, train.py
ok perlmutter gpu40 1 2 | pytorch ddp on Perlmutter, half a node, 1 hour, train.py
error perlmutter has no h100 nodes | pytorch ddp on Perlmutter H100, 2 nodes, 2 hours, train.py
error perlmutter has no AMD GPU nodes | pytorch ddp on Perlmutter AMD GPUs, 2 nodes, 1 hour, train.py
error perlmutter whole GPUs only | pytorch ddp on Perlmutter with one MIG slice on 1 node, 1 hour, train.py
ok polaris polaris 2 4 | pytorch ddp on Polaris 40GB A100, 2 nodes, 1 hour, train.py
error polaris has no h100 nodes | pytorch ddp on Polaris H100, 2 nodes, 1 hour, train.py
error polaris has no a100-80gb nodes | pytorch ddp on Polaris A100 80GB, 2 nodes, 1 hour, train.py
error polaris whole GPUs only | pytorch ddp on Polaris, 2 nodes, 3g.20gb, 1 hour, train.py
error polaris whole GPUs only | pytorch ddp on Polaris with a MIG slice, 1 hour, train.py
error delta has no b200 nodes | pytorch ddp on Delta B200 GPUs, 3 hours, train.py
error bridges2 L40S-48GB.*does not model | pytorch ddp on Bridges-2 with L40S GPUs, 2 hours, train.py
ok frontier frontier 1 2 | pytorch ddp on Frontier with 2 GCDs, 1 node, 1 hour, train.py
ok frontier frontier 2 4 | pytorch ddp on Frontier with 4 GCDs per node, 2 nodes, 1 hour, train.py
ok frontier frontier 2 8 | pytorch ddp on Frontier MI250X, 2 nodes, 1 hour, train.py
ok frontier frontier 2 8 | pytorch ddp on Frontier AMD GPUs, 2 nodes, 1 hour, train.py
ok frontier frontier 2 8 | pytorch ddp on Frontier with 8 MI250X, 2 nodes, 1 hour, train.py
ok frontier frontier 1 8 | pytorch ddp on Frontier, 4 MI250X, 1 hour, train.py
ok frontier frontier 2 8 | pytorch ddp on Frontier, 2 nodes with 4 MI250X cards each, 1 hour, train.py
ok frontier frontier 2 8 | pytorch ddp on Frontier, 16 MI250X GCDs, 1 hour, train.py
ok aurora aurora 2 12 | pytorch ddp on Aurora, 12 Max 1550 GPUs, 1 hour, train.py
error frontier has no mi300x nodes | pytorch ddp on Frontier MI300X, 1 node, 1 hour, train.py
error frontier has no a100 nodes | pytorch ddp on Frontier A100, 2 nodes, 1 hour, train.py
ok aurora aurora 1 2 | pytorch ddp on Aurora, 1 node, 2 tiles, 1 hour, train.py
ok aurora aurora 2 6 | pytorch ddp on Aurora with 6 tiles per node, 2 nodes, 1 hour, train.py
ok aurora aurora 2 12 | pytorch ddp on Aurora Max 1550, 2 nodes, 1 hour, train.py
error aurora has no h100 nodes | pytorch ddp on Aurora H100, 2 nodes, 1 hour, train.py
ok vista vista 4 1 | pytorch ddp on Vista GH200, 4 nodes, 2 hours, train.py
ok vista vista 2 1 | pytorch ddp on Vista Grace Hopper, 2 nodes, 1 hour, train.py
ok deltaai deltaai 2 4 | pytorch ddp on DeltaAI GH200, 2 nodes, 2 hours, train.py
ok deltaai deltaai 2 4 | pytorch ddp on DeltaAI, 4 H100s per node, 2 nodes, 1 hour, train.py
ok deltaai deltaai 2 4 | pytorch ddp on DeltaAI GH200 superchips, 2 nodes, 1 hour, train.py
ok delta h200x8 1 8 | pytorch ddp on Delta with 80GB GPUs, 1 node, 1 hour, train.py
ok delta a40x4 2 4 | pytorch ddp on Delta with 44GB GPUs, 2 nodes, 1 hour, train.py
ok delta a100x4 2 4 | pytorch ddp on Delta with 16GB GPUs, 2 nodes, 1 hour, train.py
error delta has no 200 GB GPU nodes \(none with 200 GB or more per GPU\).*\[hardware: https://docs\.ncsa\.illinois\.edu/ | pytorch ddp on Delta with 200GB GPUs, 1 node, 1 hour, train.py
error delta has no a100-80gb nodes \(none with 80 GB or more per GPU among its a100 GPUs\) | pytorch ddp on Delta A100 80GB, 2 nodes, 1 hour, train.py
ok stampede3 h100 1 4 | pytorch ddp on Stampede3 with 80GB GPUs, 1 node, 1 hour, train.py
ok stampede3 h100 2 4 | pytorch ddp on Stampede3 queue h100 with 80GB GPUs, 2 nodes, 1 hour, train.py
ok stampede3 pvc 1 4 | pytorch ddp on Stampede3 with 100GB GPUs, 1 node, 1 hour, train.py
error stampede3 has no 200 GB GPU nodes.*\[hardware: https://docs\.tacc\.utexas\.edu/hpc/stampede3/ | pytorch ddp on Stampede3 with 200GB GPUs, 1 node, 1 hour, train.py
ok vista vista 2 1 | pytorch ddp on Vista with 80GB GPUs, 2 nodes, 1 hour, train.py
ok lonestar6 h100 1 2 | pytorch ddp on Lonestar6 with 48GB GPUs, 1 node, 1 hour, train.py
ok lonestar6 a100 2 3 | pytorch ddp on Lonestar6 with 32GB GPUs, 2 nodes, 1 hour, train.py
error lonestar6 has no a100-80gb nodes.*\[hardware: https://docs\.tacc\.utexas\.edu/hpc/lonestar6/ | pytorch ddp on Lonestar6 A100 80GB, 1 node, 1 hour, train.py
ok perlmutter gpu80 2 4 | pytorch ddp on Perlmutter with 60GB GPUs, 2 nodes, 1 hour, train.py
ok perlmutter gpu80 2 4 | pytorch ddp on Perlmutter A100 64GB, 2 nodes, 1 hour, train.py
ok perlmutter gpu40 2 4 | pytorch ddp on Perlmutter with 32GB GPUs, 2 nodes, 1 hour, train.py
ok polaris polaris 2 4 | pytorch ddp on Polaris with 32GB GPUs, 2 nodes, 1 hour, train.py
error polaris has no 80 GB GPU nodes.*\[hardware: https://docs\.alcf\.anl\.gov/polaris/ | pytorch ddp on Polaris with 80GB GPUs, 2 nodes, 1 hour, train.py
ok anvil h100 2 4 | pytorch ddp on Anvil with 64GB GPUs, 2 nodes, 1 hour, train.py
ok bridges2 v100-32 1 8 | pytorch ddp on Bridges-2 with 24GB GPUs, 1 node, 1 hour, train.py
ok bridges2 h100-80 1 8 | pytorch ddp on Bridges-2 with 40GB GPUs, 1 node, 1 hour, train.py
ok bridges2 v100-16 1 8 | pytorch ddp on Bridges-2 with 16GB GPUs, 1 node, 1 hour, train.py
error bridges2 GPUs with 48 GB on bridges2 are 3 nodes with 8 L40S-48GB.*does not model.*more memory.*h100-80 \(80 GB\) | pytorch ddp on Bridges-2 with 48GB GPUs, 1 node, 1 hour, train.py
ok frontier frontier 2 8 | pytorch ddp on Frontier with 32GB GPUs, 2 nodes, 1 hour, train.py
ok aurora aurora 2 12 | pytorch ddp on Aurora with 48GB GPUs, 2 nodes, 1 hour, train.py
ok deltaai deltaai 2 4 | pytorch ddp on DeltaAI with 80GB GPUs, 2 nodes, 1 hour, train.py
error stampede3 queue 'skx' on stampede3 has no GPUs.*\[https://docs\.tacc\.utexas\.edu/hpc/stampede3/#queues\] | pytorch ddp on Stampede3 queue skx, 2 nodes, 1 hour, train.py
error perlmutter queue 'nosuch' does not exist.*\[queues: https://docs\.nersc\.gov/ | pytorch ddp on Perlmutter queue nosuch, 2 nodes, 1 hour, train.py
ok perlmutter gpu40 2 4 | pytorch ddp on Perlmutter, the 40GB A100s, 2 nodes, 1 hour, train.py
ok perlmutter gpu80 2 4 | pytorch ddp on Perlmutter, 2 nodes of A100-80GB, 1 hour, train.py
ok perlmutter gpu80 2 4 | pytorch ddp on Perlmutter, 2 nodes, 4 A100s each, the 80 GB ones, 1 hour, train.py
error perlmutter has no a100-32gb nodes \(32 GB exactly, as asked; the sizes it has: gpu40 has 40 GB, gpu80 has 80 GB\) | pytorch ddp on Perlmutter, the 32GB A100s, 2 nodes, 1 hour, train.py
error perlmutter has no a100-32gb nodes \(32 GB exactly | pytorch ddp on Perlmutter, 2 nodes of A100-32GB, 1 hour, train.py
ok perlmutter gpu40 2 4 | pytorch ddp on Perlmutter, 2 nodes of A100-32GB or larger, 1 hour, train.py
ok bridges2 v100-16 1 8 | pytorch ddp on Bridges-2, the 16GB V100s, 1 node, 1 hour, train.py
ok bridges2 v100-32 1 8 | pytorch ddp on Bridges-2, 8 V100s, the 32 GB ones, 1 node, 1 hour, train.py
ok bridges2 v100-16 2 8 | pytorch ddp on Bridges-2, 2 nodes of V100-16GB, 1 hour, train.py
error bridges2 has no v100-24gb nodes \(24 GB exactly, as asked; the sizes it has: v100-32 has 32 GB, v100-16 has 16 GB\) | pytorch ddp on Bridges-2, V100-24GB, 1 node, 1 hour, train.py
ok bridges2 v100-32 1 8 | pytorch ddp on Bridges-2, V100 GPUs with 24 GB each, 1 node, 1 hour, train.py
ok delta a100x4 2 4 | pytorch ddp on Delta, the 40GB A100s, 2 nodes, 1 hour, train.py
ok delta a100x8 1 8 | pytorch ddp on Delta queue gpuA100x8, the 40GB A100s, 1 node, 1 hour, train.py
ok delta a40x4 2 4 | pytorch ddp on Delta, the 48 GB A40s, 2 nodes, 1 hour, train.py
error delta has no 80 GB GPU nodes \(80 GB exactly, as asked; the sizes it has: .*h200x8 has 141 GB | pytorch ddp on Delta, the 80GB GPUs, 1 node, 1 hour, train.py
error delta has no a100-80gb nodes \(80 GB exactly, as asked; the sizes it has: a100x4 has 40 GB, a100x8 has 40 GB\) | pytorch ddp on Delta, A100-80GB, 1 node, 1 hour, train.py
error delta queue 'gpuA100x4' on delta reaches .* not 48 GB GPU \(48 GB exactly | pytorch ddp on Delta queue gpuA100x4 with the 48GB GPUs, 1 node, 1 hour, train.py
ok lonestar6 h100 1 2 | pytorch ddp on Lonestar6, the 80GB H100s, 1 node, 1 hour, train.py
error lonestar6 has no a100-80gb nodes \(80 GB exactly, as asked; the sizes it has: a100 has 40 GB\) | pytorch ddp on Lonestar6, the 80GB A100s, 1 node, 1 hour, train.py
ok anvil h100 2 4 | pytorch ddp on Anvil, 2 nodes of H100-80GB, 1 hour, train.py
ok anvil a100 2 4 | pytorch ddp on Anvil, 2 nodes of the 40 GB A100s, 1 hour, train.py
ok stampede3 h100 1 4 | pytorch ddp on Stampede3, the 80GB GPUs, 1 node, 1 hour, train.py
error vista has no 80 GB GPU nodes \(80 GB exactly, as asked; the sizes it has: vista has 96 GB\) | pytorch ddp on Vista, the 80GB GPUs, 2 nodes, 1 hour, train.py
error polaris has no a100-80gb nodes \(80 GB exactly | pytorch ddp on Polaris, only the 80 GB A100s, 2 nodes, 1 hour, train.py
NAMED

# The requests, one per line, and what each must give (same order), written from the cluster data.
python3 - "$TMP/clusters.json" "$TMP/req.txt" "$TMP/expect.json" "$TMP/named.txt" <<'EOF'
import json, re, sys
clusters = json.load(open(sys.argv[1]))
reqs, exps = [], []
def add(text, **e):
    reqs.append(text)
    exps.append(e)
FW = [("pytorch ddp", "train.py --epochs 3"), ("deepspeed zero 2", "train_ds.py"), ("accelerate fsdp", "train_acc.py")]
for c in clusters:
    cid = c["id"]
    qs = {q["name"]: q for q in c["queues"]}
    for nt in c["node_types"]:
        q = qs[nt["queues"][0]]
        lo = q.get("min_nodes", 1)
        n = max(lo, min(2, q["max_nodes"]))
        gpn = nt["gpus_per_node"]
        # the GPU model as people write it ("V100 16GB", "H200", "Max 1550", "MI100")
        if nt["gpu_vendor"] == "intel":
            word = "Max 1550"
        else:
            m = re.search(r"\b((?:GH|[AHLV]|MI)[0-9]{2,4}[A-Z]?)\b", nt["gpu_model"])
            word = m.group(1) if m else None
        mem = nt.get("gpu_memory_gb")
        shared_q = sum(1 for o in c["node_types"] if nt["queues"][0] in o["queues"]) > 1
        pick = f" with {gpn} {word} {mem}GB GPUs per node" if shared_q and word else ""
        base = dict(cluster=cid, nt=nt["id"], gpn=gpn, vendor=nt["gpu_vendor"], queues=nt["queues"],
                    nnt=len(c["node_types"]), provided=(nt.get("software") or c.get("software") or {}).get("provided", True))
        for fw, cmd in FW:
            add(f"{fw} on {cid}, queue {q['name']}{pick}, {n} nodes, 1 hour, {cmd}, account testproj", nodes=n, kind="queue", **base)
        if word and len(c["node_types"]) > 1:
            add(f"pytorch ddp on {lo} {cid} nodes with {gpn} {word} {mem}GB GPUs each, 1 hour, train.py, account testproj",
                nodes=lo, kind="model", **base)
        # every name the data gives the node type's GPUs (`models:`: "v100-16", "hbm80g", "max-1550") that no
        # other node type of the cluster shares picks it, said alone ("2 bridges2 nodes of v100-16")
        others = {w for o in c["node_types"] if o is not nt for w in o.get("models", [])}
        for w in nt.get("models", []):
            if w not in others and len(c["node_types"]) > 1:
                add(f"pytorch ddp on {lo} {cid} nodes of {w}, 1 hour, train.py, account testproj",
                    nodes=lo, kind="model-name " + w, **base)
        # impossible: one node more than the node type has, asked by its own name; an error naming that count
        # or a queue's node limit (except the default type on queues it shares: there the job may get the
        # other nodes too, as -C gpu does on Perlmutter)
        own = [w for w in nt.get("models", []) if w not in others]
        shared = any(set(o["queues"]) & set(nt["queues"]) for o in c["node_types"] if o is not nt)
        if nt.get("nodes") and own and len(c["node_types"]) > 1 and not (nt["default"] and shared):
            n1 = nt["nodes"] + 1
            qmax = sorted({qs[x]["max_nodes"] for x in nt["queues"] if qs[x]["max_nodes"] < n1})
            # the node type's count, or (where every queue of it is smaller) a queue's node limit
            pat = rf"has {nt['nodes']} {re.escape(nt['id'])} nodes"
            if qmax and all(qs[x]["max_nodes"] < n1 for x in nt["queues"]):
                pat += "|" + "|".join(rf"allows at most {m} nodes \(asked: {n1}\)" for m in qmax)
            add(f"pytorch ddp on {n1} {cid} nodes of {own[0]}, 1 hour, train.py, account testproj",
                kind="too-many-nodes", limit=str(nt["nodes"]), pat=pat, **base)
        add(f"pytorch ddp on {cid}, queue {q['name']}{pick}, {lo} nodes, conda env torch2, 1 hour, train.py, account testproj",
            nodes=lo, kind="conda", **base)
        # impossible: one GPU per node more than the node type has
        pick1 = f" with {word} {mem}GB GPUs" if pick else ""
        add(f"pytorch ddp on {cid}, queue {q['name']}{pick1}, {lo} nodes with {gpn + 1} GPUs per node, 1 hour, train.py, account testproj",
            kind="too-many-gpus", limit=str(gpn), **base)
    for q in c["queues"]:
        if q.get("max_gpus") and not q.get("cpu_only"):
            # a walltime the queue takes (Anvil gpu-debug: 30 min), so that the GPU cap is the one limit hit
            wt = min(60, q.get("max_walltime_minutes") or 60)
            add(f"pytorch ddp on {cid}, queue {q['name']}, 1 node with {q['max_gpus'] + 1} GPUs, {wt} minutes, train.py, account testproj",
                cluster=cid, kind="over-queue-cap", limit=str(q["max_gpus"]), queue=q["name"])
# hardware as people name it (named.txt)
byid = {c["id"]: c for c in clusters}
for line in open(sys.argv[4]):
    head, _, text = line.partition(" | ")
    f = head.split()
    if not f:
        continue
    c = byid[f[1]]
    if f[0] == "error":
        add(text.strip(), cluster=f[1], kind="named-error", limit=" ".join(f[2:]), pat=" ".join(f[2:]))
        continue
    nt = next(n for n in c["node_types"] if n["id"] == f[2])
    add(text.strip(), cluster=f[1], nt=nt["id"], gpn=int(f[4]), nodes=int(f[3]), kind="named", vendor=nt["gpu_vendor"],
        queues=nt["queues"], nnt=len(c["node_types"]),
        provided=(nt.get("software") or c.get("software") or {}).get("provided", True))
open(sys.argv[2], "w").write("\n".join(reqs) + "\n")
json.dump(exps, open(sys.argv[3], "w"))
EOF
nreq=$(wc -l <"$TMP/req.txt")
if [ "$nreq" -ge 60 ]; then pass "requests written from the data: $nreq"; else fail "requests written from the data: $nreq (expected at least 60)"; fi

"$MAPLE" generate --json --batch "$TMP/req.txt" >"$TMP/out.jsonl" 2>"$TMP/batch.err" </dev/null
expect_eq "one answer per request" "$(wc -l <"$TMP/out.jsonl")" "$nreq"

# The checks; one line per result: "PASS name" or "FAIL name<TAB>detail".
python3 - "$TMP/req.txt" "$TMP/expect.json" "$TMP/out.jsonl" "$TMP" "$HAVE_SHELLCHECK" >"$TMP/results" <<'EOF'
import json, re, subprocess, sys
reqs = open(sys.argv[1]).read().splitlines()
exps = json.load(open(sys.argv[2]))
outs = [json.loads(l) for l in open(sys.argv[3])]
tmp, have_sc = sys.argv[4], sys.argv[5] == "1"
def gpus_per_node(script, nodes):
    vals = set()
    for pat in (r"--gpus-per-node[= ](\d+)", r"--nproc[-_]per[-_]node[= ](\d+)", r"ngpus=(\d+)", r"--ppn[= ](\d+)"):
        vals.update(int(m) for m in re.findall(pat, script))
    for m in re.findall(r"--num_processes[= ](\d+)", script):
        vals.add(int(m) // max(nodes, 1))
    for m in re.findall(r"--gpus=(?:[\w-]+:)?(\d+)\b", script):
        vals.add(int(m) // max(nodes, 1))
    if "--gpus-per-task=1" in script:
        vals.update(int(m) for m in re.findall(r"--ntasks-per-node[= ](\d+)", script))
    return vals
for i, (req, e, o) in enumerate(zip(reqs, exps, outs)):
    name = f"{e['cluster']}/{e.get('nt', e.get('queue'))} [{e['kind']}]"
    errs = " ".join(o.get("errors") or [])
    if e["kind"] == "named":
        name += " " + req.split(",")[0].replace("pytorch ddp on ", "")
    if e["kind"] in ("too-many-gpus", "over-queue-cap", "too-many-nodes", "named-error"):
        if e["kind"] == "named-error":
            name = f"{e['cluster']} [named-error] {req.split(',')[0].replace('pytorch ddp on ', '')}"
        if o.get("status") == "error" and re.search(e.get("pat") or r"\b%s\b" % e["limit"], errs):
            print(f"PASS {name}: error names the limit {e['limit']}")
        else:
            print(f"FAIL {name}: want an error naming {e['limit']}\t{req}\n{o.get('status')}: {errs}")
        continue
    script = o.get("script") or ""
    bad = []
    if o.get("status") != "ok":
        bad.append(f"status {o.get('status')}: {errs}")
    else:
        m = re.search(r"^# Node type (\S+):", script, re.M)
        if e["nnt"] > 1 and (not m or m.group(1) != e["nt"]):
            bad.append(f"node type {m.group(1) if m else None}, want {e['nt']}")
        if e["kind"] == "named":
            nn = re.findall(r"^#SBATCH (?:-N|--nodes)[= ]?(\d+)", script, re.M) + re.findall(r"^#PBS -l select=(\d+)", script, re.M)
            if [int(x) for x in nn] != [e["nodes"]]:
                bad.append(f"nodes {nn}, want {e['nodes']}")
        got = gpus_per_node(script, e["nodes"])
        if e["gpn"] != 1:
            got.discard(1) if len(got) > 1 else None
        if not got or got != {e["gpn"]}:
            bad.append(f"GPUs per node {sorted(got)}, want {e['gpn']}")
        body = "\n".join(l for l in script.splitlines() if not l.lstrip().startswith("#"))
        v = e["vendor"]
        if v == "intel" and re.search(r"export NCCL_|module load (cuda|nccl|cudatoolkit)|--nv\b", body):
            bad.append("NCCL/CUDA settings on an Intel GPU node")
        if v == "amd" and re.search(r"module load (cuda|nccl|cudatoolkit)|--nv\b", body):
            bad.append("CUDA settings on an AMD GPU node")
        if v == "nvidia" and re.search(r"module load rocm|\bCCL_|--rocm\b", body):
            bad.append("ROCm/oneCCL settings on an NVIDIA GPU node")
        if e["kind"] == "conda" and "conda activate torch2" not in body:
            bad.append("the request's conda env is not activated")
        if e["provided"] is False and not re.search(r"python3 -c 'import torch", script):
            bad.append("no environment check where the centre provides no framework")
        if not re.search(r"(^|[\s;(])(srun|ibrun|mpiexec|mpirun)\b", body):
            bad.append("no launcher")
        q = re.search(r"^#SBATCH (?:--qos|-q)[= ](\S+)", script, re.M) or \
            re.search(r"^#SBATCH (?:--partition|-p)[= ](\S+)", script, re.M) or re.search(r"^#PBS -q (\S+)", script, re.M)
        if q and q.group(1) not in e["queues"] and not any(x in e["queues"] for x in (q.group(1),)):
            bad.append(f"queue {q.group(1)} does not reach {e['nt']}")
        path = f"{tmp}/s{i}.sh"
        open(path, "w").write(script)
        if subprocess.run(["bash", "-n", path], capture_output=True).returncode:
            bad.append("bash -n fails")
        if have_sc:
            r = subprocess.run(["shellcheck", "-S", "warning", path], capture_output=True, text=True)
            if r.returncode:
                bad.append("shellcheck: " + r.stdout[:400])
    if bad:
        print(f"FAIL {name}\t{req}\n" + "\n".join(bad))
    else:
        print(f"PASS {name}")
EOF
# results are records separated by "PASS "/"FAIL " at the start of a line
awk '/^(PASS|FAIL) /{if (r != "") print r; r = $0; next} {r = r "\x1f" $0} END {if (r != "") print r}' "$TMP/results" >"$TMP/records"
nres=0
while IFS= read -r rec; do
	nres=$((nres + 1))
	case $rec in
	PASS\ *) pass "${rec#PASS }" ;;
	*)
		rec=${rec#FAIL }
		fail "${rec%%$'\t'*}" "$(printf '%s' "${rec#*$'\t'}" | tr '\037' '\n')"
		;;
	esac
done <"$TMP/records"
expect_eq "a result for every request" "$nres" "$nreq"
finish
