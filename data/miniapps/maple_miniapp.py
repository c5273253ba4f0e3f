#!/usr/bin/env python3
# maple_miniapp.py - the stand-in training program that `maple verify --run` launches in place of
# the user's script, with the user's own launcher line (torchrun, srun, mpiexec, ...).
#
# Each rank finds its rank/world from the launcher's environment, joins the process group, checks
# collectives (all_reduce, all_gather), that every rank built the same initial weights, and takes
# one training step of a tiny GPT-2-style model in the chosen mode (DDP, FSDP, DeepSpeed ZeRO-3,
# Accelerate), comparing the parameters with a single-process reference step computed locally.
# Only the standard library and torch are needed; DeepSpeed/Accelerate modes report "skipped" when
# the package is missing, never "pass".
#
#   maple_miniapp.py --mode ddp|fsdp|deepspeed|accelerate [--expect-world N] [--expect-nodes N]
#                    [--report-dir DIR] [--backend auto|nccl|gloo|ccl|xccl|mpi] [--timeout S]
#                    [--launcher-missing NAME [--launcher-args ARGS]]
#
# Rendezvous: rank 0 holds the store (or torchrun's agent does), every rank records its arrival
# (rank, host) there, and rank 0 waits for all of them: a rendezvous that cannot complete fails
# naming how many ranks arrived, from where, and the values they were given. Values that can never
# work fail before waiting: MASTER_ADDR=localhost when the job spans several nodes, a WORLD_SIZE that
# differs from the number of tasks the launcher started.
# A framework that is not installed (deepspeed, accelerate) is "skipped" after the rendezvous and the
# collectives, which still run with plain torch.distributed. A launcher that is not installed
# (--launcher-missing, from maple's stand-in) is "skipped" the same way, one process per launcher
# instance: the node layout, the rendezvous endpoint and the collectives between the nodes are proven,
# the launcher's own worker processes are not.
#
# Contract: every rank writes exactly one line to stdout (one os.write; anything else a library
# prints to stdout is sent to stderr), and with --report-dir also DIR/rank-<R>.json (same JSON,
# written atomically):
#   MAPLE_MINIAPP {"rank":0,"local_rank":0,"world_size":2,"host":"n1","device":"cpu|cuda:0|xpu:0",
#     "device_id":"GPU-uuid|pci:0000:3b:00.0|index:N"|null,"backend":"gloo","mode":"ddp",
#     "label":"ddp|fsdp|fsdp-cpu-emulated|deepspeed-zero3|accelerate-ddp",
#     "status":"pass|fail|skipped","checks":{"world_size":true,...},"reason":null|"one line",
#     "seconds":1.23,"env_source":"torchrun|slurm|pmi|pals|ompi|single","master_addr":"...",
#     "master_port":"...","torch":"1.13.0a0","python":"3.11.2","pid":123,"notes":[...],
#     "exercised":["rendezvous","all_reduce",...],"not_exercised":["what: why",...],
#     "rendezvous":{"addr":..,"port":..,"world":..,"tasks_started":..,"arrived":..,"waited_s":..,
#                   "hosts":{"0":"n1",...}},"launcher_missing":null|"accelerate"}
# status is "pass" only when every check is true. Exit status: 0 pass/skipped, 1 fail.
# maple compares (host, device_id) across ranks to find two ranks sharing one GPU.
import argparse
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import timedelta

LABELS = {"ddp": "ddp", "fsdp": "fsdp", "deepspeed": "deepspeed-zero3", "accelerate": "accelerate-ddp"}
VOCAB, D_MODEL, HEADS, SEQ, LAYERS, PER_RANK, LR, SEED = 64, 32, 2, 16, 2, 2, 0.1, 1234


class Report:
    """Collects the result and emits the one stdout line exactly once (main thread or watchdog)."""

    def __init__(self, out_fd, report_dir, t0):
        self.out_fd, self.report_dir, self.t0 = out_fd, report_dir, t0
        self.lock, self.done = threading.Lock(), False
        self.data = {"rank": 0, "local_rank": 0, "world_size": 1, "host": socket.gethostname(),
                     "device": "cpu", "device_id": None, "backend": None, "mode": None, "label": None,
                     "status": "fail", "checks": {}, "reason": None, "seconds": 0.0,
                     "env_source": "single", "master_addr": None, "master_port": None,
                     "torch": None, "python": platform.python_version(), "pid": os.getpid(),
                     "notes": [], "exercised": [], "not_exercised": [], "rendezvous": None,
                     "launcher_missing": None}

    def emit(self, status, reason=None):
        with self.lock:
            if self.done:
                return
            self.done = True
            d = self.data
            d["status"], d["reason"] = status, reason
            d["seconds"] = round(time.monotonic() - self.t0, 3)
            text = json.dumps(d, separators=(",", ":"))
            if self.report_dir:
                try:
                    os.makedirs(self.report_dir, exist_ok=True)
                    fd, tmp = tempfile.mkstemp(prefix=".rank-", dir=self.report_dir)
                    with os.fdopen(fd, "w") as f:
                        f.write(text + "\n")
                    os.replace(tmp, os.path.join(self.report_dir, f"rank-{d['rank']}.json"))
                except OSError as e:
                    sys.stderr.write(f"maple_miniapp: cannot write report: {e}\n")
            line = ("MAPLE_MINIAPP " + text + "\n").encode()
            while line:
                line = line[os.write(self.out_fd, line):]


def one_line(e):
    msg = " ".join(str(e).split())
    return f"{type(e).__name__}: {msg}"[:400]


# ---------------------------------------------------------------- launcher environment

def detect_ranks(env):
    """(source, rank, world, local_rank) from the first launcher whose variables are present."""
    def num(*names):
        for n in names:
            if env.get(n, "").strip().lstrip("-").isdigit():
                return int(env[n])
        return None

    mpi = [("pmi", num("PMI_RANK"), num("PMI_SIZE"), num("MPI_LOCALRANKID", "PMI_LOCAL_RANK")),
           ("pals", num("PALS_RANKID"), num("PMI_SIZE", "PALS_SIZE", "PALS_NRANKS"),
            num("PALS_LOCAL_RANKID")),
           ("ompi", num("OMPI_COMM_WORLD_RANK"), num("OMPI_COMM_WORLD_SIZE"),
            num("OMPI_COMM_WORLD_LOCAL_RANK"))]
    slurm = ("slurm", num("SLURM_PROCID"), num("SLURM_NTASKS", "SLURM_NPROCS"), num("SLURM_LOCALID"))
    candidates = [("torchrun", num("RANK"), num("WORLD_SIZE"), num("LOCAL_RANK"))]
    # An mpiexec inside a Slurm batch step inherits the batch shell's SLURM_PROCID=0: trust Slurm's
    # variables only when no MPI launcher's variables contradict them.
    if not any(m[1] is not None and (m[1], m[2]) != (slurm[1], slurm[2]) for m in mpi):
        candidates.append(slurm)
    for source, rank, world, local in candidates + mpi:
        if rank is not None and world is not None:
            return source, rank, world, local if local is not None else 0
        if rank:  # rank N > 0 with no world size: never pretend to be a lone rank 0
            raise RuntimeError(f"{source} rank {rank} found but no world size in the environment")
    return "single", 0, 1, 0


def first_slurm_host(nodelist):
    if shutil.which("scontrol"):
        try:
            out = subprocess.run(["scontrol", "show", "hostnames", nodelist], capture_output=True,
                                 text=True, timeout=20).stdout.split()
            if out:
                return out[0]
        except (OSError, subprocess.SubprocessError):
            pass
    m = re.match(r"([^,\[]+)(?:\[([^\]]+)\])?", nodelist)  # "gpu[003-007,9],x" -> "gpu003"
    if not m:
        return None
    if not m.group(2):
        return m.group(1)
    return m.group(1) + re.split(r"[-,]", m.group(2))[0]


def master_endpoint(env, source):
    addr, port, how = env.get("MASTER_ADDR"), env.get("MASTER_PORT"), "env"
    if not addr and source != "torchrun":
        if env.get("SLURM_JOB_NODELIST") or env.get("SLURM_NODELIST"):
            addr, how = first_slurm_host(env.get("SLURM_JOB_NODELIST") or env["SLURM_NODELIST"]), "slurm-nodelist"
        elif env.get("PBS_NODEFILE"):
            try:
                with open(env["PBS_NODEFILE"]) as f:
                    addr, how = f.readline().strip() or None, "pbs-nodefile"
            except OSError:
                pass
    if not addr:
        addr, how = "127.0.0.1", "default"
    if not port and source == "single":  # nobody else to meet: any free port, never a clash
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return addr, str(s.getsockname()[1]), how + ", free port"
    return addr, port or "29500", how


# ---------------------------------------------------------------- torch helpers

_FSDP_FIX = {"torch.distributed._shard.sharded_tensor.metadata":
             ("field(default=TensorProperties())", "field(default_factory=TensorProperties)")}


def import_fsdp():
    """Imports torch.distributed.fsdp; on torch 1.13 + Python 3.11 the import dies on a mutable
    dataclass default, so then re-import with that one line rewritten in memory."""
    import importlib.machinery
    try:
        import torch.distributed.fsdp as fsdp
        return fsdp, "fsdp import ok"
    except ValueError as e:
        if "mutable default" not in str(e) or "TensorProperties" not in str(e):
            raise

    class Loader(importlib.machinery.SourceFileLoader):
        def get_code(self, fullname):
            old, new = _FSDP_FIX[fullname]
            return compile(self.get_source(fullname).replace(old, new), self.path, "exec",
                           dont_inherit=True)

    class Finder:
        @staticmethod
        def find_spec(fullname, path=None, target=None):
            if fullname not in _FSDP_FIX:
                return None
            spec = importlib.machinery.PathFinder.find_spec(fullname, path)
            if spec is not None and isinstance(spec.loader, importlib.machinery.SourceFileLoader):
                spec.loader = Loader(fullname, spec.origin)
            return spec

    sys.meta_path.insert(0, Finder)
    import torch.distributed.fsdp as fsdp
    return fsdp, "fsdp import patched (py3.11 dataclass default)"


def build_model(torch):
    nn, F = torch.nn, torch.nn.functional

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = nn.LayerNorm(D_MODEL), nn.LayerNorm(D_MODEL)
            self.qkv, self.proj = nn.Linear(D_MODEL, 3 * D_MODEL), nn.Linear(D_MODEL, D_MODEL)
            self.fc, self.out = nn.Linear(D_MODEL, 4 * D_MODEL), nn.Linear(4 * D_MODEL, D_MODEL)

        def forward(self, x):
            b, t, c = x.shape
            q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
            q, k, v = (z.view(b, t, HEADS, c // HEADS).transpose(1, 2) for z in (q, k, v))
            att = (q @ k.transpose(-2, -1)) / (c // HEADS) ** 0.5
            mask = torch.ones(t, t, dtype=torch.bool, device=x.device).tril()
            att = att.masked_fill(~mask, float("-inf")).softmax(dim=-1)
            x = x + self.proj((att @ v).transpose(1, 2).reshape(b, t, c))
            return x + self.out(F.gelu(self.fc(self.ln2(x))))

    class TinyGPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok, self.pos = nn.Embedding(VOCAB, D_MODEL), nn.Embedding(SEQ, D_MODEL)
            self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
            self.ln_f = nn.LayerNorm(D_MODEL)
            self.head = nn.Linear(D_MODEL, VOCAB, bias=False)
            self.head.weight = self.tok.weight  # tied LM head

        def forward(self, idx):
            x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
            for blk in self.blocks:
                x = blk(x)
            return self.head(self.ln_f(x))

    torch.manual_seed(SEED)
    return TinyGPT()


def global_batch(torch, world):
    g = torch.Generator().manual_seed(SEED + 1)
    seqs = torch.randint(0, VOCAB, (world * PER_RANK, SEQ + 1), generator=g)
    return seqs[:, :-1], seqs[:, 1:]


def lm_loss(torch, logits, targets):
    return torch.nn.functional.cross_entropy(logits.reshape(-1, VOCAB), targets.reshape(-1))


def reference_params(torch, world):
    """One SGD step of a fresh model on the whole global batch, in one process on the CPU."""
    model = build_model(torch)
    x, y = global_batch(torch, world)
    lm_loss(torch, model(x), y).backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= LR * p.grad
    return {k: v.detach().clone() for k, v in model.named_parameters()}


def max_diff(ref, got):
    missing = [k for k in ref if k not in got]
    if missing:
        raise RuntimeError(f"parameters missing after the step: {missing[:3]}")
    return max((ref[k] - got[k].detach().float().cpu()).abs().max().item() for k in ref)


def pick_backend(torch, want):
    has_xpu = hasattr(torch, "xpu") and torch.xpu.is_available()
    if want == "auto":
        if torch.cuda.is_available():
            want = "nccl"
        elif has_xpu:
            want = "xccl" if tuple(int(v) for v in re.findall(r"\d+", torch.__version__)[:2]) >= (2, 7) else "ccl"
        else:
            want = "gloo"
    if want == "ccl":
        __import__("oneccl_bindings_for_pytorch")  # registers the ccl backend with torch
    return want, has_xpu


def pick_device(torch, backend, local_rank, has_xpu):
    if backend == "nccl":
        if not torch.cuda.is_available():
            # let torch itself refuse (its own words are what a failing job would show)
            return "cpu", None
        idx = local_rank % torch.cuda.device_count()
        torch.cuda.set_device(idx)
        props = torch.cuda.get_device_properties(idx)
        uuid = getattr(props, "uuid", None)
        if uuid is not None:
            return f"cuda:{idx}", "GPU-" + str(uuid)
        if hasattr(props, "pci_bus_id"):
            return f"cuda:{idx}", "pci:%04x:%02x:%02x.0" % (getattr(props, "pci_domain_id", 0),
                                                          props.pci_bus_id, props.pci_device_id)
        visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")
        return f"cuda:{idx}", "index:" + (visible[idx] if idx < len(visible) and visible[idx] else str(idx))
    if has_xpu and backend in ("ccl", "xccl"):
        idx = local_rank % torch.xpu.device_count()
        torch.xpu.set_device(idx)
        uuid = getattr(torch.xpu.get_device_properties(idx), "uuid", None)
        return f"xpu:{idx}", ("XPU-" + str(uuid)) if uuid is not None else f"index:{idx}"
    return "cpu", None


# ---------------------------------------------------------------- the training step per mode

def step_ddp(torch, model, dev, x, y):
    from torch.nn.parallel import DistributedDataParallel as DDP
    ddp = DDP(model, device_ids=[dev.index] if dev.type == "cuda" else None)
    opt = torch.optim.SGD(ddp.parameters(), lr=LR)
    lm_loss(torch, ddp(x), y).backward()
    opt.step()
    return dict(ddp.module.named_parameters())


def step_fsdp_real(torch, fsdp, model, dev, x, y):
    FSDP = fsdp.FullyShardedDataParallel
    m = FSDP(model, device_id=dev)
    opt = torch.optim.SGD(m.parameters(), lr=LR)
    lm_loss(torch, m(x), y).backward()
    opt.step()
    cfg = fsdp.FullStateDictConfig(offload_to_cpu=True, rank0_only=False)
    with FSDP.state_dict_type(m, fsdp.StateDictType.FULL_STATE_DICT, cfg):
        return dict(m.state_dict())


def step_fsdp_emulated(torch, dist, model, rank, world, x, y):
    """FSDP's pattern by hand: 1/world flat shard per rank, all-gather to compute, reduce-scatter
    (all_reduce + chunk: gloo has no reduce_scatter) the gradient, update the local shard only."""
    params = list(model.parameters())
    flat = torch.cat([p.detach().reshape(-1) for p in params])
    n = flat.numel()
    shard_len = -(-n // world)
    padded = torch.zeros(shard_len * world, dtype=flat.dtype, device=flat.device)
    padded[:n] = flat
    shard = padded[rank * shard_len:(rank + 1) * shard_len].clone()
    del flat, padded

    def unshard():
        parts = [torch.empty_like(shard) for _ in range(world)]
        dist.all_gather(parts, shard)
        full, off = torch.cat(parts)[:n], 0
        with torch.no_grad():
            for p in params:
                p.copy_(full[off:off + p.numel()].view_as(p))
                off += p.numel()

    unshard()
    lm_loss(torch, model(x), y).backward()
    grad = torch.zeros(shard_len * world, dtype=shard.dtype, device=shard.device)
    grad[:n] = torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).reshape(-1)
                          for p in params])
    dist.all_reduce(grad)
    shard -= LR * grad[rank * shard_len:(rank + 1) * shard_len] / world
    unshard()
    return dict(model.named_parameters())


def step_deepspeed(torch, deepspeed, model, world, x, y):
    config = {"train_batch_size": PER_RANK * world, "train_micro_batch_size_per_gpu": PER_RANK,
              "gradient_accumulation_steps": 1, "zero_allow_untested_optimizer": True,
              "zero_optimization": {"stage": 3}, "steps_per_print": 1000000}
    opt = torch.optim.SGD(model.parameters(), lr=LR)
    engine, _, _, _ = deepspeed.initialize(model=model, optimizer=opt, config=config)
    loss = lm_loss(torch, engine(x), y)
    engine.backward(loss)
    engine.step()
    params = list(engine.module.parameters())
    with deepspeed.zero.GatheredParameters(params, modifier_rank=None):
        return {k: v.detach().float().cpu().clone() for k, v in engine.module.named_parameters()}


def step_accelerate(torch, accelerate, model, x, y):
    acc = accelerate.Accelerator()
    m, opt = acc.prepare(model, torch.optim.SGD(model.parameters(), lr=LR))
    acc.backward(lm_loss(torch, m(x.to(acc.device)), y.to(acc.device)))
    opt.step()
    return dict(acc.unwrap_model(m).named_parameters())


# ---------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(prog="maple_miniapp.py",
                                 description="maple's stand-in distributed training program")
    ap.add_argument("--mode", required=True, choices=sorted(LABELS))
    ap.add_argument("--expect-world", type=int)
    ap.add_argument("--expect-nodes", type=int)
    ap.add_argument("--report-dir")
    ap.add_argument("--backend", default="auto", choices=["auto", "nccl", "gloo", "ccl", "xccl", "mpi"])
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--launcher-missing", metavar="NAME",
                    help="started by maple's stand-in for launcher NAME, which is not installed here")
    ap.add_argument("--launcher-args", default="", help="the arguments the missing launcher was given")
    return ap.parse_args(argv)


LOOPBACK = ("localhost", "ip6-localhost", "ip6-loopback", "::1")
STEPS = {"ddp": "ddp: DistributedDataParallel training step",
         "fsdp": "fsdp: FullyShardedDataParallel training step",
         "fsdp-cpu-emulated": "fsdp (emulated on CPU): 1/world parameter shards, all-gather, reduced gradient, shard update",
         "deepspeed": "deepspeed: deepspeed.initialize and a ZeRO-3 training step",
         "accelerate": "accelerate: Accelerator.prepare and a training step"}


def is_loopback(addr):
    return addr in LOOPBACK or addr.startswith("127.")


def tasks_started(env):
    """(count, variable): how many processes the launcher itself started, from its own variables."""
    for n in ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "PALS_SIZE"):
        if env.get(n, "").isdigit():
            return int(env[n]), n
    if env.get("SLURM_STEP_ID") not in (None, "", "4294967294", "batch") and env.get("SLURM_STEP_NUM_TASKS", "").isdigit():
        return int(env["SLURM_STEP_NUM_TASKS"]), "SLURM_STEP_NUM_TASKS"
    return None, None


def launcher_layout(name, argstr):
    """(nodes, per_node) the missing launcher was asked to start, from its arguments (None when not given)."""
    words = argstr.split()
    opts = {}
    for i, w in enumerate(words):
        if w.startswith("--"):
            k, eq, v = w[2:].partition("=")
            if not eq and i + 1 < len(words) and not words[i + 1].startswith("-"):
                v = words[i + 1]
            opts[k.replace("-", "_")] = v

    def num(*keys):
        for k in keys:
            if opts.get(k, "").isdigit():
                return int(opts[k])
        return None
    nodes = num("nnodes", "num_machines", "num_nodes")
    per = num("nproc_per_node", "num_gpus")
    total = num("num_processes")
    if per is None and total is not None and nodes:
        per = total // nodes
    return nodes, per


def check_values(args, rep, addr, how, rank, world, env):
    """Rendezvous values that can never work: fail now, naming them, instead of waiting for a timeout."""
    d = rep.data
    if world > 1 and is_loopback(addr) and (args.expect_nodes or 0) > 1:
        raise RuntimeError(
            f"MASTER_ADDR is '{addr}' (from {how}) but the job spans {args.expect_nodes} nodes: the ranks on the "
            f"other nodes look for rank 0 on their own host ({d['host']} here) and the rendezvous can never "
            f"complete; set MASTER_ADDR to the first node of the allocation (scontrol show hostnames "
            f"\"$SLURM_JOB_NODELIST\" | head -n 1, or head -n 1 \"$PBS_NODEFILE\")")
    started, var = tasks_started(env)
    ws = env.get("WORLD_SIZE", "")
    if ws.isdigit() and not env.get("TORCHELASTIC_RUN_ID") and started is not None and int(ws) != started:
        raise RuntimeError(
            f"WORLD_SIZE={ws} in the ranks' environment, but the launcher started {started} tasks "
            f"({var}={started}): the rendezvous would wait for {ws} ranks and only {started} exist; let the "
            f"launcher set it (WORLD_SIZE=$SLURM_NTASKS, $PMI_SIZE) or start {ws} tasks")
    if rank >= world:
        raise RuntimeError(f"rank {rank} is not below the world size {world}: the launcher's rank variables disagree")


def rendezvous(dist, rep, addr, port, rank, world, timeout_s):
    """Every rank records its arrival in the store; rank 0 waits for all of them. Returns the store
    the process group is built on."""
    host = rep.data["host"]
    rv = {"addr": addr, "port": port, "world": world, "tasks_started": tasks_started(os.environ)[0],
          "arrived": None, "waited_s": None, "hosts": {}}
    rep.data["rendezvous"] = rv
    try:
        socket.getaddrinfo(addr, int(port))
    except (socket.gaierror, ValueError) as e:
        raise RuntimeError(f"MASTER_ADDR '{addr}' / MASTER_PORT '{port}' cannot be used on {host}: {one_line(e)}")
    agent = os.environ.get("TORCHELASTIC_USE_AGENT_STORE") == "True"  # torchrun's static rendezvous
    t0 = time.monotonic()
    try:
        store = dist.TCPStore(addr, int(port), world, rank == 0 and not agent, timedelta(seconds=timeout_s), False)
    except Exception as e:
        what = "could not listen on" if rank == 0 and not agent else "could not reach rank 0's store at"
        raise (TimeoutError if "timeout" in str(e).lower() else RuntimeError)(
            f"rendezvous: rank {rank}/{world} on {host} {what} {addr}:{port} within "
            f"{time.monotonic() - t0:.0f} s: {one_line(e)}") from e
    if agent:
        store = dist.PrefixStore(f"/worker/attempt_{os.environ.get('TORCHELASTIC_RESTART_COUNT', '0')}", store)
    mine = dist.PrefixStore("maple_miniapp/", store)
    slot = mine.add("slots", 1)
    mine.set(f"arrival/{slot}", f"{rank}@{host}")
    arrived = mine.add("arrived", 1)
    if rank == 0:
        deadline = t0 + timeout_s
        while arrived < world and time.monotonic() < deadline:
            time.sleep(0.1)
            arrived = mine.add("arrived", 0)
        if arrived < world:
            mine.set_timeout(timedelta(seconds=1))
        hosts = {}
        for k in range(1, mine.add("slots", 0) + 1):
            try:
                r, _, h = mine.get(f"arrival/{k}").decode().partition("@")
                hosts[int(r)] = h
            except Exception:  # a rank that took a slot but has not written it yet
                pass
        rv["hosts"] = {str(r): h for r, h in sorted(hosts.items())}
        if arrived < world:
            missing = [r for r in range(world) if r not in hosts]
            shown = ", ".join(map(str, missing[:8])) + (" ..." if len(missing) > 8 else "")
            raise TimeoutError(
                f"rendezvous at {addr}:{port}: {arrived} of {world} ranks arrived within {timeout_s:g} s "
                f"(from {', '.join(sorted(set(hosts.values()))) or 'nowhere'}); ranks {shown} never came")
        mine.set("complete", "1")
    else:
        mine.wait(["complete"])
    rv["arrived"], rv["waited_s"] = arrived, round(time.monotonic() - t0, 3)
    return store


def run(args, rep):
    d, notes = rep.data, rep.data["notes"]
    done, notdone = d["exercised"], d["not_exercised"]
    d["mode"], d["label"] = args.mode, LABELS[args.mode]
    d["launcher_missing"] = args.launcher_missing
    source, rank, world, local = detect_ranks(os.environ)
    d.update(env_source=source, rank=rank, world_size=world, local_rank=local)
    addr, port, how = master_endpoint(os.environ, source)
    d.update(master_addr=addr, master_port=port)
    notes.append(f"master from {how}")
    check_values(args, rep, addr, how, rank, world, os.environ)
    os.environ.update(MASTER_ADDR=addr, MASTER_PORT=port, RANK=str(rank), WORLD_SIZE=str(world),
                      LOCAL_RANK=str(local))
    # one CPU thread per rank (as torchrun sets it): a tiny model, and often several ranks per core
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch
    torch.set_num_threads(1)
    d["torch"] = torch.__version__.split("+")[0]

    skip = None
    extra = None
    if args.launcher_missing:
        nodes, per = launcher_layout(args.launcher_missing, args.launcher_args)
        skip = f"{args.launcher_missing} not installed"
        notdone.append(f"{args.launcher_missing}'s own worker processes"
                       + (f" ({per} per node)" if per else "") + f" and the {args.mode} training step: "
                       f"{args.launcher_missing} is not installed where the job ran (command not found)")
        if nodes and per and args.expect_world and nodes * per != args.expect_world:
            raise RuntimeError(f"{args.launcher_missing} was asked for {nodes} x {per} = {nodes * per} processes, "
                               f"but the allocation has {args.expect_world} GPU slots")
        if nodes and args.expect_nodes and nodes != args.expect_nodes:
            raise RuntimeError(f"{args.launcher_missing} was told {nodes} nodes, but the allocation has "
                               f"{args.expect_nodes}")
        if nodes and per:
            done.append(f"{args.launcher_missing}'s arguments: {nodes} nodes x {per} processes, as allocated")
        args.expect_world = None  # one process per launcher instance here, not one per GPU
    elif args.mode in ("deepspeed", "accelerate"):
        try:
            extra = __import__(args.mode)
        except ModuleNotFoundError as e:
            if e.name != args.mode:  # installed, but broken: that is the user's problem too
                raise RuntimeError(f"{args.mode} is installed but cannot be imported: {one_line(e)}")
            skip = f"{args.mode} not installed"
            notdone.append(f"{STEPS[args.mode]}: {args.mode} is not installed (plain torch.distributed ran instead)")
    fsdp = None
    if args.mode == "fsdp" and not skip:
        try:
            fsdp, note = import_fsdp()
            notes.append(note)
        except Exception as e:  # only fatal when the real FSDP is needed (CUDA), checked below
            notes.append("fsdp import failed: " + one_line(e))

    backend, has_xpu = pick_backend(torch, args.backend)
    d["backend"] = backend
    device, d["device_id"] = pick_device(torch, backend, local, has_xpu)
    d["device"] = device
    dev = torch.device(device)
    if dev.type == "cpu":
        notdone.append(f"GPU devices and {'NCCL' if backend == 'gloo' else backend}: no GPU here "
                       f"({backend} on CPU)")
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False

    import torch.distributed as dist
    timeout = timedelta(seconds=args.timeout)
    store = rendezvous(dist, rep, addr, port, rank, world, args.timeout)
    done.append(f"rendezvous: {world} ranks met at the MASTER_ADDR:MASTER_PORT the job gave them")
    try:
        dist.init_process_group(backend, store=store, rank=rank, world_size=world, timeout=timeout)
        if extra is not None and args.mode == "deepspeed":
            import inspect
            want = dict(dist_backend=backend, timeout=timeout, init_method="env://", rank=rank,
                        world_size=world, auto_mpi_discovery=False)
            ok = inspect.signature(extra.init_distributed).parameters
            extra.init_distributed(**{k: v for k, v in want.items() if k in ok})
    except Exception as e:
        timed_out = any(w in str(e).lower() for w in ("timeout", "timed out"))
        raise (TimeoutError if timed_out else RuntimeError)(
            f"init_process_group rank {rank}/{world} via {addr}:{port} "
            f"(timeout {args.timeout:g} s): {one_line(e)}") from e
    done.append(f"process group ({backend})")
    checks = d["checks"]

    hosts = [None] * world
    dist.all_gather_object(hosts, d["host"])
    ok = dist.get_world_size() == world and (args.expect_world is None or world == args.expect_world)
    if args.expect_nodes is not None:
        ok = ok and len(set(hosts)) == args.expect_nodes
    checks["world_size"] = ok
    if not ok:
        notes.append(f"world {world} on {len(set(hosts))} host(s); expected "
                     + ", ".join(f"{k} {v}" for k, v in (("world", args.expect_world),
                                                       ("nodes", args.expect_nodes)) if v is not None))

    t = torch.full((4,), float(rank + 1), device=dev)
    dist.all_reduce(t)
    checks["all_reduce"] = bool((t == world * (world + 1) / 2).all().item())

    mine = torch.arange(3, dtype=torch.float32, device=dev) + 10 * rank
    parts = [torch.zeros(3, device=dev) for _ in range(world)]
    dist.all_gather(parts, mine)
    checks["all_gather"] = all(bool((p.cpu() == torch.arange(3.0) + 10 * r).all())
                               for r, p in enumerate(parts))

    model = build_model(torch)
    flat = torch.cat([p.detach().double().reshape(-1) for p in model.parameters()])
    weights = torch.arange(1, flat.numel() + 1, dtype=torch.float64) / flat.numel()
    mine = torch.stack([flat.sum(), (flat * flat).sum(), (flat * weights).sum()]).to(dev)
    sums = [torch.zeros_like(mine) for _ in range(world)]
    dist.all_gather(sums, mine)
    checks["same_init"] = all(bool(torch.equal(s, mine)) for s in sums)
    done.extend(k for k in ("all_reduce", "all_gather", "same_init") if checks[k])

    if skip is None:
        ref = reference_params(torch, world)
        x, y = global_batch(torch, world)
        x, y = x[rank * PER_RANK:(rank + 1) * PER_RANK].to(dev), y[rank * PER_RANK:(rank + 1) * PER_RANK].to(dev)
        model.to(dev)
        tol = 1e-4
        if args.mode == "ddp":
            got = step_ddp(torch, model, dev, x, y)
        elif args.mode == "fsdp" and dev.type == "cuda":
            if fsdp is None:
                raise RuntimeError("torch.distributed.fsdp cannot be imported (see notes)")
            got = step_fsdp_real(torch, fsdp, model, dev, x, y)
        elif args.mode == "fsdp":
            d["label"] = "fsdp-cpu-emulated"
            notdone.append("torch's FullyShardedDataParallel class itself: it needs a GPU; FSDP's sharding "
                           "pattern was emulated on CPU over the same process group")
            got = step_fsdp_emulated(torch, dist, model, rank, world, x, y)
        elif args.mode == "deepspeed":
            got, tol = step_deepspeed(torch, extra, model, world, x, y), 1e-3
        else:
            got = step_accelerate(torch, extra, model, x, y)
        diff = max_diff(ref, got)
        checks["train_step"] = diff < tol
        notes.append(f"train_step max abs diff {diff:.3g} (tolerance {tol:g})")
        if checks["train_step"]:
            done.append(STEPS[d["label"] if d["label"] == "fsdp-cpu-emulated" else args.mode])

    dist.barrier()
    dist.destroy_process_group()
    failed = [k for k, v in checks.items() if not v]
    if not failed:
        return ("skipped", skip) if skip else ("pass", None)
    reason = "check failed: " + ", ".join(failed)
    if not checks.get("world_size", True) and args.expect_world is not None and world != args.expect_world:
        reason = f"world size {world}, expected {args.expect_world}; " + reason
    return ("fail", reason)


def main(argv=None):
    t0 = time.monotonic()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    sys.stdout.flush()
    out_fd = os.dup(1)
    os.dup2(2, 1)  # whatever else writes to stdout goes to stderr: our stdout is the one line
    rep = Report(out_fd, args.report_dir, t0)

    def watchdog():  # a hung collective or rendezvous still yields a report
        time.sleep(2 * args.timeout + 30)
        rep.emit("fail", f"TimeoutError: no result after {2 * args.timeout + 30:g} s (hung)")
        os._exit(1)

    threading.Thread(target=watchdog, daemon=True).start()
    try:
        status, reason = run(args, rep)
    except BaseException as e:  # noqa: BLE001  every failure becomes a report line
        status, reason = "fail", one_line(e)
    rep.emit(status, reason)
    return 1 if status == "fail" else 0


if __name__ == "__main__":
    sys.exit(main())
