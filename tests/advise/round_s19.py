# round_s19.py - held-out advise round of session 19: ten model x cluster cases checked against the
# arithmetic computed here from published shapes (config.json) and card sizes, at the sequence length the
# tool states (the model's context). Usage: python3 tests/advise/round_s19.py build/maple
# independent arithmetic for the held-out advise round (published shapes, published card sizes)
import json, math, subprocess, sys
GiB = 1073741824
MEM = {"aurora": (64, 12), "stampede3": (96, 4), "deltaai": (96, 4), "lonestar6": (40, 3), "bridges2": (32, 8),
       "frontier": (64, 8), "anvil": (40, 4), "vista": (96, 1), "polaris": (40, 4), "delta": (40, 4)}
# id, P, L, h, a, I, gated
M = {"pythia-12b": (11846072320, 36, 5120, 40, 20480, False),
     "qwen2-72b": (72706203648, 80, 8192, 64, 29568, True),
     "meta-llama/Llama-3.1-70B": (70553706496, 80, 8192, 64, 28672, True),
     "chatglm3-6b": (6243584000, 28, 4096, 32, 13696, True),
     "falcon-7b": (6921720704, 32, 4544, 71, 18176, False),
     "mpt-7b": (6649286656, 32, 4096, 32, 16384, False),
     "starcoder2-15b": (15957889024, 40, 6144, 48, 24576, False),
     "opt-6.7b": (6658473984, 32, 4096, 32, 16384, False),
     "pythia-6.9b": (6857302016, 32, 4096, 32, 16384, False),
     "pythia-1b": (1011781632, 16, 2048, 8, 8192, False)}
CASES = [("pythia-12b", "aurora"), ("qwen2-72b", "stampede3"), ("meta-llama/Llama-3.1-70B", "deltaai"),
         ("chatglm3-6b", "lonestar6"), ("falcon-7b", "bridges2"), ("mpt-7b", "frontier"), ("starcoder2-15b", "anvil"),
         ("opt-6.7b", "vista"), ("pythia-6.9b", "polaris"), ("pythia-1b", "vista")]
b = 1
SEQ = {"qwen2-72b": 32768, "starcoder2-15b": 16384, "chatglm3-6b": 8192, "meta-llama/Llama-3.1-70B": 8192}
def act(rc, P, L, h, a, I, g):
    s = SEQ.get(CUR, 2048)
    if rc == "full":
        return 2 * s * b * h * L
    per = s * b * (10 * h + 8 * h + (6 if g else 4) * I)
    if rc == "none":
        per += 5 * a * s * s * b
    return L * per
def best(model, cl):
    global CUR
    CUR = model
    P, L, h, a, I, g = M[model]
    mem, gpn = MEM[cl]
    usable = 0.9 * mem
    out = []
    for rc in ("none", "selective", "full"):
        A = act(rc, P, L, h, a, I, g) / GiB
        if 16 * P / GiB + A + 1.5 <= usable:
            out.append((1, 1, "ddp", rc)); continue
        gat = 2 * (P / L) * 2 / GiB
        for n in range(1, 100000):
            if 16 * P / n / GiB + A + gat + 1.5 <= usable:
                out.append((math.ceil(n / gpn), n, "sharded", rc)); break
    return min(out, key=lambda t: (t[0], t[2] != "ddp", t[1]))
ok = 0
rows = []
for model, cl in CASES:
    nodes, gpus, strat, rc = best(model, cl)
    r = json.loads(subprocess.run([sys.argv[1], "advise", "--json", "--model", model, "--cluster", cl], capture_output=True, text=True).stdout or "{}")
    rec = r.get("recommended") or {}
    P = M[model][0]
    good_p = r.get("params") and abs(r["params"] - P) <= 0.1 * P
    good_n = rec.get("min_nodes") == nodes
    good_s = (rec.get("strategy") == "ddp") == (strat == "ddp")
    hit = bool(good_p and good_n and good_s)
    ok += hit
    rows.append(f"{'ok ' if hit else 'BAD'} {model} on {cl}: want {strat} {gpus} GPUs {nodes} nodes ({rc}); got {rec} recompute={r.get('recompute')} params={r.get('params')}")
print("\n".join(rows))
print(f"advise round: {ok}/{len(CASES)}")
