# round_s25.py - held-out advise round of session 25: twelve model x cluster cases on grouped-query attention,
# mixtures of experts and long sequences (models not in earlier rounds nor in tests/cli/advise.sh), checked
# against the arithmetic computed here from each model's published config.json shape, at the sequence length
# the tool states (the model's context in data/models). Written before maple ran on them.
# Usage: python3 tests/advise/round_s25.py build/maple
# Arithmetic (the issue's, as round_s24.py, with two refinements this round is about):
# - model states 16 bytes a parameter (bf16 weights and gradients, fp32 Adam moments and master copy) over the
#   TOTAL parameter count: a mixture of experts trains and holds every expert, so the total decides memory, the
#   active count (top-k of the routed experts) only the compute and the activations; split N ways when sharded,
#   plus one layer gathered (2 x 2P/L bytes); 1.5 GiB overhead; 90% of the card usable;
# - activations per layer at micro-batch 1, bf16: full recomputation 2sh; selective s(10h + 4d_a + 4d_kv + 6I
#   gated or 4I), where d_a = heads x head_dim is the width of the queries and the attention output and
#   d_kv = kv_heads x head_dim the width of the keys and values (grouped-query attention keeps K and V at d_kv);
#   no recomputation adds the scores 5as^2; a mixture-of-experts layer keeps r = top-k + shared experts' MLPs
#   (r x 6I_e), a copy of the input per extra expert (2h(r-1)) and the router's 4E;
# - the fewest nodes over the three recomputation choices, ties to DDP (less communication).
import json, math, subprocess, sys
GiB = 1073741824
MEM = {"perlmutter": (40, 4), "frontier": (64, 8), "polaris": (40, 4), "vista": (96, 1), "bridges2": (32, 8),
       "anvil": (40, 4), "delta": (40, 4), "lonestar6": (40, 3), "aurora": (64, 12), "deltaai": (96, 4),
       "stampede3": (96, 4)}
# id: P (data/models), L, h, heads, kv_heads, head_dim, I (dense, or per expert), gated, seq, (E, top_k, shared)
M = {"mixtral-8x22b": (140630071296, 56, 6144, 48, 8, 128, 16384, True, 65536, (8, 2, 0)),   # mistralai/Mixtral-8x22B-v0.1
     "qwen1.5-moe-a2.7b": (14.3e9, 24, 2048, 16, 16, 128, 1408, True, 8192, (60, 4, 4)),      # Qwen/Qwen1.5-MoE-A2.7B (shared 5632 = 4 x 1408)
     "llama-3.1-405b": (405853388800, 126, 16384, 128, 8, 128, 53248, True, 8192, None),      # meta-llama/Llama-3.1-405B
     "qwen2-7b": (7615616512, 28, 3584, 28, 4, 128, 18944, True, 32768, None),                # Qwen/Qwen2-7B
     "qwen2.5-3b": (3.09e9, 36, 2048, 16, 2, 128, 11008, True, 32768, None),                   # Qwen/Qwen2.5-3B
     "gemma-2-27b": (27227128320, 46, 4608, 32, 16, 128, 36864, True, 8192, None),            # google/gemma-2-27b (d_a 4096 < h)
     "mistral-nemo-12b": (12.2e9, 40, 5120, 32, 8, 128, 14336, True, 8192, None),             # mistralai/Mistral-Nemo-Base-2407
     "qwen3-4b": (4.0e9, 36, 2560, 32, 8, 128, 9728, True, 32768, None),                       # Qwen/Qwen3-4B (d_a 4096 > h)
     "llama-3.2-3b": (3212749824, 28, 3072, 24, 8, 128, 8192, True, 8192, None)}              # meta-llama/Llama-3.2-3B
CASES = [("mixtral-8x22b", "frontier"), ("mixtral-8x22b", "deltaai"), ("qwen1.5-moe-a2.7b", "delta"),
         ("qwen1.5-moe-a2.7b", "anvil"), ("llama-3.1-405b", "aurora"), ("llama-3.1-405b", "vista"),
         ("qwen2-7b", "polaris"), ("qwen2.5-3b", "lonestar6"), ("gemma-2-27b", "vista"),
         ("mistral-nemo-12b", "stampede3"), ("qwen3-4b", "bridges2"), ("llama-3.2-3b", "perlmutter")]


def act(rc, model):
    P, L, h, a, kv, hd, I, g, s, moe = M[model]
    if rc == "full":
        return 2 * s * h * L
    da, dkv = a * hd, kv * hd
    mlpw = 6 if g else 4
    if moe:
        E, k, sh = moe
        r = k + sh
        per = s * (10 * h + 4 * da + 4 * dkv + 2 * h * (r - 1) + r * mlpw * I + 4 * E)
    else:
        per = s * (10 * h + 4 * da + 4 * dkv + mlpw * I)
    if rc == "none":
        per += 5 * a * s * s
    return L * per


def best(model, cl):
    P, L = M[model][0], M[model][1]
    mem, gpn = MEM[cl]
    usable = 0.9 * mem
    out = []
    for rc in ("none", "selective", "full"):
        A = act(rc, model) / GiB
        if 16 * P / GiB + A + 1.5 <= usable:
            out.append((1, 1, "ddp", rc))
            continue
        gat = 2 * (P / L) * 2 / GiB
        for n in range(1, 100000):
            if 16 * P / n / GiB + A + gat + 1.5 <= usable:
                out.append((math.ceil(n / gpn), n, "sharded", rc))
                break
    return min(out, key=lambda t: (t[0], t[2] != "ddp", t[1]))


def main():
    ok = 0
    rows = []
    for model, cl in CASES:
        nodes, gpus, strat, rc = best(model, cl)
        proc = subprocess.run([sys.argv[1], "advise", "--json", "--model", model, "--cluster", cl],
                              capture_output=True, text=True)
        r = json.loads(proc.stdout or "{}")
        text = subprocess.run([sys.argv[1], "advise", "--model", model, "--cluster", cl],
                              capture_output=True, text=True).stdout
        rec = r.get("recommended") or {}
        P = M[model][0]
        good_p = r.get("params") and abs(r["params"] - P) <= 0.1 * P
        good_n = rec.get("min_nodes") == nodes
        good_s = (rec.get("strategy") == "ddp") == (strat == "ddp")
        # a mixture of experts: the answer says the total count decides memory and gives the active count
        good_moe = True
        if M[model][9]:
            good_moe = "total" in text.lower() and "active" in text.lower()
        hit = bool(good_p and good_n and good_s and good_moe)
        ok += hit
        rows.append(f"{'ok ' if hit else 'BAD'} {model} on {cl}: want {strat} {gpus} GPUs {nodes} nodes ({rc}); "
                    f"got {rec} recompute={r.get('recompute')} seq={r.get('seq')} params={r.get('params')}"
                    + ("" if good_moe else " (no total/active wording)"))
    print("\n".join(rows))
    print(f"advise round: {ok}/{len(CASES)}")
    return 0 if ok == len(CASES) else 1


if __name__ == "__main__":
    sys.exit(main())
