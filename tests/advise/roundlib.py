# roundlib.py - what the held-out advise rounds (round_sNN.py) share: the clusters' cards, the issue's memory
# arithmetic and the scoring loop that runs `maple advise --json` on each model x cluster case.
# Arithmetic (issue 17): model states 16 bytes a parameter (bf16 weights and gradients, fp32 Adam moments and
# master copy) over the TOTAL parameter count, split N ways when sharded, plus one layer gathered (2 x 2P/L
# bytes); 1.5 GiB overhead; 90% of the card usable; activations per layer, bf16, at micro-batch b:
# full recomputation 2sbh; selective sb(10h + 4d_a + 4d_kv + 6I gated or 4I), d_a = heads x head_dim and
# d_kv = kv_heads x head_dim (d_a = d_kv = h for plain multi-head attention); no recomputation adds the
# scores 5as^2b unless the attention is memory-efficient (flash/SDPA keeps none); a mixture-of-experts layer
# keeps r = top-k + shared experts' MLPs (r x 6I_e), a copy of the input per extra expert (2h(r-1)) and the
# router's 4E; its dense layers (dense_layers) keep the dense MLP. The fewest nodes over the three
# recomputation choices, ties to DDP (less communication). (maple breaks one kind of tie the other way: DDP
# only with full recomputation against a sharded strategy with less, where it keeps the sharded one, a third
# less compute; no round's case has such a tie.)
import json, math, subprocess, sys
from collections import namedtuple

GiB = 1073741824
# cluster: (GiB per GPU, GPUs per node)
MEM = {"perlmutter": (40, 4), "frontier": (64, 8), "polaris": (40, 4), "vista": (96, 1), "bridges2": (32, 8),
       "anvil": (40, 4), "delta": (40, 4), "lonestar6": (40, 3), "aurora": (64, 12), "deltaai": (96, 4),
       "stampede3": (96, 4)}

# P total parameters, L layers, h width, a heads, I MLP width (per expert for a mixture), gated MLP, s sequence;
# kv heads and head width when they differ from a and h/a; moe = (experts, top_k, shared, dense_layers, dense I)
Model = namedtuple("Model", "P L h a I gated s kv hd moe", defaults=(None, None, None))


def act(rc, m, s=None, b=1, flash=False):
    """Bytes of activations per GPU for recomputation rc ('none', 'selective', 'full')."""
    s = s or m.s
    if rc == "full":
        return 2 * s * b * m.h * m.L
    hd = m.hd or m.h / m.a
    da, dkv = m.a * hd, (m.kv or m.a) * hd
    mlpw = 6 if m.gated else 4
    scores = 5 * m.a * s * s * b if rc == "none" and not flash else 0
    if m.moe:
        E, k, sh, dense, Id = m.moe
        r = k + sh
        moe = s * b * (10 * m.h + 4 * da + 4 * dkv + 2 * m.h * (r - 1) + r * mlpw * m.I + 4 * E) + scores
        dl = s * b * (10 * m.h + 4 * da + 4 * dkv + mlpw * (Id or m.I)) + scores
        return (m.L - dense) * moe + dense * dl
    return m.L * (s * b * (10 * m.h + 4 * da + 4 * dkv + mlpw * m.I) + scores)


def best(m, cluster, s=None, b=1, flash=False):
    """(nodes, gpus, 'ddp' | 'sharded', recomputation) of the fewest nodes; None when nothing fits."""
    mem, gpn = MEM[cluster]
    usable = 0.9 * mem
    out = []
    for rc in ("none", "selective", "full"):
        A = act(rc, m, s, b, flash) / GiB
        if 16 * m.P / GiB + A + 1.5 <= usable:
            out.append((1, 1, "ddp", rc))
            continue
        gat = 2 * (m.P / m.L) * 2 / GiB
        room = usable - A - gat - 1.5
        if room <= 0:
            continue
        n = max(1, math.ceil(16 * m.P / GiB / room - 1e-12))
        while 16 * m.P / n / GiB > room:
            n += 1
        out.append((math.ceil(n / gpn), n, "sharded", rc))
    return min(out, key=lambda t: (t[0], t[2] != "ddp", t[1])) if out else None


def run(maple, model, cluster, args=()):
    """maple advise's JSON and its text for one case."""
    cmd = [maple, "advise", "--model", model, "--cluster", cluster, *args]
    proc = subprocess.run(cmd[:2] + ["--json"] + cmd[2:], capture_output=True, text=True)
    try:
        r = json.loads(proc.stdout or "{}")
    except ValueError:
        r = {}
    text = subprocess.run(cmd, capture_output=True, text=True).stdout
    return r, text


def score(maple, cases):
    """cases: (model id, cluster, Model, extra args, sequence, micro-batch, flash, extra check or None), the
    check taking (json, text, Model) and giving '' when right or what is wrong. Prints a line per case and the
    total; returns the exit status (0 when all are right)."""
    ok = 0
    rows = []
    for model, cl, m, args, s, b, flash, check in cases:
        want = best(m, cl, s, b, flash)
        r, text = run(maple, model, cl, args)
        rec = r.get("recommended") or {}
        good_p = bool(r.get("params")) and abs(r["params"] - m.P) <= 0.1 * m.P
        if want:
            nodes, gpus, strat, rc = want
            good = rec.get("min_nodes") == nodes and (rec.get("strategy") == "ddp") == (strat == "ddp")
            wtxt = f"{strat} {gpus} GPUs {nodes} nodes ({rc})"
        else:
            good = not rec.get("min_nodes")
            wtxt = "no fit with data parallelism and sharding alone"
        note = check(r, text, m) if check else ""
        hit = bool(good_p and good and not note)
        ok += hit
        rows.append(f"{'ok ' if hit else 'BAD'} {model} on {cl}{' ' + ' '.join(args) if args else ''}: want {wtxt}; "
                    f"got {rec} recompute={r.get('recompute')} seq={r.get('seq')} params={r.get('params')}"
                    + (f" ({note})" if note else ""))
    print("\n".join(rows))
    print(f"advise round: {ok}/{len(cases)}")
    return 0 if ok == len(cases) else 1


def simple_cases(M, pairs, seq=None, check=None):
    """Cases of plain `--model X --cluster Y` runs from a table of Models."""
    return [(model, cl, M[model], (), (seq or {}).get(model), 1, False, check) for model, cl in pairs]
