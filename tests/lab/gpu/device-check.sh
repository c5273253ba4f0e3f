#!/bin/bash
# device-check.sh - the one prepared run for a lent GPU machine (not a test; CI has no GPU): the
# mini-app in every mode on the real GPU (NCCL, torch's real FSDP), and real failure texts of the
# families `maple debug` must read (CUDA out of memory, more ranks than GPUs, two ranks on one GPU,
# no GPU visible, a missing network interface or transport, a busy rendezvous port, a device-side
# assert), each as the user would paste it. With FUZZ=DIR (libFuzzer
# binaries built with -DMAPLE_FUZZ=ON, their shared libraries in DIR/lib) the harnesses run
# FUZZ_SECS seconds each in the background on the other cores at the same time.
#   usage: OUT=DIR [FUZZ=DIR FUZZ_SECS=N] bash tests/lab/gpu/device-check.sh
# Writes OUT/gpu.tar.gz (ranks.jsonl, logs/*.log with each command's exit status, env.txt) and, with
# FUZZ, OUT/fuzz.tar.gz (each harness's log and any crash).
set -u
SRC=$(cd "$(dirname "$0")/../../.." && pwd)
W=$(mktemp -d)
mkdir -p "$W/logs" "$W/fx"
APP=$SRC/data/miniapps/maple_miniapp.py
PY=${PYTHON:-python3}
TR=(torchrun)
command -v torchrun >/dev/null || TR=("$PY" -m torch.distributed.run)
ACC=(accelerate)
command -v accelerate >/dev/null || ACC=("$PY" -m accelerate.commands.accelerate_cli)

fuzz_pids=()
if [ -n "${FUZZ:-}" ]; then
	export LD_LIBRARY_PATH=$FUZZ/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	for b in "$FUZZ"/fuzz_*; do
		[ -x "$b" ] || continue
		h=$(basename "$b")
		FUZZ_KEEP_GOING=1 FUZZ_JOBS=${FUZZ_JOBS:-2} nice -n 5 \
			bash "$SRC/tests/fuzz/run.sh" "$FUZZ" "${FUZZ_SECS:-300}" "$h" >"$FUZZ/$h.summary" 2>&1 &
		fuzz_pids+=($!)
	done
fi

{
	nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader
	$PY -c 'import torch, sys; print("torch", torch.__version__, "cuda", torch.version.cuda, "nccl", torch.cuda.nccl.version(), "python", sys.version.split()[0])'
	$PY -c 'import accelerate; print("accelerate", accelerate.__version__)' 2>&1
	$PY -c 'import deepspeed' 2>&1 | tail -1
} >"$W/env.txt" 2>&1

# run NAME TIMEOUT CMD...: the command's stdout and stderr, as the user would paste them, then its status
run() {
	local name=$1 t=$2
	shift 2
	timeout -k 5 "$t" "$@" >"$W/logs/$name.log" 2>&1
	echo "[exit status $?]" >>"$W/logs/$name.log"
}

# 1. the mini-app, one rank on the GPU, in every mode
for m in ddp fsdp accelerate deepspeed; do
	run "miniapp-$m" 120 "${TR[@]}" --standalone --nproc_per_node=1 "$APP" --mode "$m" --expect-world 1 \
		--expect-nodes 1 --timeout 60
	grep -h '^MAPLE_MINIAPP ' "$W/logs/miniapp-$m.log" | sed 's/^MAPLE_MINIAPP //' >>"$W/ranks.jsonl"
done
# two ranks on the one GPU: the verdict's unique-device check must see it (NCCL refuses it)
run miniapp-ddp-2ranks-1gpu 120 "${TR[@]}" --standalone --nproc_per_node=2 "$APP" --mode ddp --expect-world 2 \
	--expect-nodes 1 --timeout 40

# 2. failure families (small programs of our own)
cat >"$W/fx/oom.py" <<'PY'
import torch
x = torch.empty(int(200 * 2**30) // 2, dtype=torch.bfloat16, device="cuda")
PY
cat >"$W/fx/set_device.py" <<'PY'
import os, torch, torch.distributed as dist
local = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local)
dist.init_process_group("nccl")
t = torch.ones(1, device="cuda")
dist.all_reduce(t)
print("rank", dist.get_rank(), "sum", t.item())
dist.destroy_process_group()
PY
cat >"$W/fx/same_gpu.py" <<'PY'
import os, torch, torch.distributed as dist
torch.cuda.set_device(0)
dist.init_process_group("nccl", device_id=torch.device("cuda:0"))
t = torch.ones(1, device="cuda")
dist.all_reduce(t)
print("rank", dist.get_rank(), "sum", t.item())
dist.destroy_process_group()
PY
cat >"$W/fx/assert.py" <<'PY'
import torch
logits = torch.randn(8, 10, device="cuda")
labels = torch.full((8,), 12, device="cuda")
loss = torch.nn.functional.cross_entropy(logits, labels)
print(loss.item())
PY
cat >"$W/fx/accel.py" <<'PY'
from accelerate import Accelerator
import torch
acc = Accelerator()
m = acc.prepare(torch.nn.Linear(4, 4))
print("process", acc.process_index, "device", acc.device)
PY
run cuda-oom 90 "${TR[@]}" --standalone --nproc_per_node=1 "$W/fx/oom.py"
run cuda-oom-plain 60 "$PY" "$W/fx/oom.py"
run ranks-more-than-gpus 90 "${TR[@]}" --standalone --nproc_per_node=4 "$W/fx/set_device.py"
run two-ranks-one-gpu 90 env NCCL_DEBUG=WARN "${TR[@]}" --standalone --nproc_per_node=2 "$W/fx/same_gpu.py"
run no-gpu-visible 90 env CUDA_VISIBLE_DEVICES= "${TR[@]}" --standalone --nproc_per_node=1 "$W/fx/set_device.py"
run gpu-index-hidden 90 env CUDA_VISIBLE_DEVICES=3 "${TR[@]}" --standalone --nproc_per_node=1 "$W/fx/set_device.py"
run nccl-no-interface 90 env NCCL_DEBUG=WARN NCCL_SOCKET_IFNAME=hsn0 "${TR[@]}" --standalone --nproc_per_node=1 "$W/fx/set_device.py"
run nccl-net-ib-missing 90 env NCCL_DEBUG=WARN NCCL_NET=IB "${TR[@]}" --standalone --nproc_per_node=1 "$W/fx/set_device.py"
run nccl-info-working 90 env NCCL_DEBUG=INFO "${TR[@]}" --standalone --nproc_per_node=1 "$W/fx/set_device.py"
$PY -c 'import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0", 29511)); s.listen(); time.sleep(100)' &
busy=$!
sleep 1
run port-in-use 90 "${TR[@]}" --nnodes=1 --nproc_per_node=1 --rdzv-backend=c10d --rdzv-endpoint=localhost:29511 \
	"$W/fx/set_device.py"
run port-in-use-static 90 "${TR[@]}" --nnodes=1 --node_rank=0 --nproc_per_node=1 --master_addr=127.0.0.1 \
	--master_port=29511 "$W/fx/set_device.py"
kill $busy 2>/dev/null
run device-side-assert 90 "$PY" "$W/fx/assert.py"
run accelerate-more-than-gpus 90 "${ACC[@]}" launch --multi_gpu --num_processes 2 --num_machines 1 \
	--mixed_precision no --dynamo_backend no "$W/fx/accel.py"

tar -C "$W" -czf "$OUT/gpu.tar.gz" env.txt ranks.jsonl logs
echo "gpu part done"

if [ ${#fuzz_pids[@]} -gt 0 ]; then
	wait "${fuzz_pids[@]}"
	cat "$FUZZ"/*.summary
	(cd "$FUZZ" && tar -czf "$OUT/fuzz.tar.gz" ./*.summary ./*.log artifacts 2>/dev/null)
fi
rm -rf "$W"
