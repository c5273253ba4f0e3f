# round_s23.py - held-out advise round of session 23: eleven model x cluster cases (models not in earlier
# rounds nor in tests/cli/advise.sh) checked against the arithmetic computed here from published config.json shapes
# (num_hidden_layers, hidden_size, num_attention_heads, intermediate_size, gated MLP or not) at the sequence
# length the tool states (the model's context in data/models). Written before maple ran on them.
# Usage: python3 tests/advise/round_s23.py build/maple
# Arithmetic (the issue's): model states 16 bytes a parameter (bf16 weights and gradients, fp32 Adam
# moments and master copy), split N ways when sharded, plus one layer gathered (2 x 2P/L bytes); activations
# per layer at micro-batch 1: full recomputation 2sbh, selective sb(10h + 8h + 4I or 6I gated), none adds
# 5as^2b; 1.5 GiB overhead; 90% of the card usable; the fewest nodes over the three recomputation choices,
# ties to DDP (less communication).
import json, math, subprocess, sys
GiB = 1073741824
MEM = {"perlmutter": (40, 4), "frontier": (64, 8), "polaris": (40, 4), "vista": (96, 1), "bridges2": (32, 8),
       "anvil": (40, 4), "delta": (40, 4), "lonestar6": (40, 3), "aurora": (64, 12), "deltaai": (96, 4),
       "stampede3": (96, 4)}
# id: (P, L, h, a, I, gated, seq)   P from data/models (the card), the shape from each config.json
# (intermediate_size / ffn_dim / n_inner / expansion_ratio x d_model; gated for SwiGLU/GeGLU MLPs)
M = {"qwen2.5-14b": (14770033664, 48, 5120, 40, 13824, True, 32768),
     "qwen2.5-32b": (32763876352, 64, 5120, 40, 27648, True, 32768),
     "falcon-40b": (41838301184, 60, 8192, 128, 32768, False, 2048),
     "opt-30b": (29974548480, 48, 7168, 56, 28672, False, 2048),
     "llama-3-8b": (8030261248, 32, 4096, 32, 14336, True, 8192),
     "phi-2": (2779683840, 32, 2560, 32, 10240, False, 2048),
     "gemma-2b": (2506172416, 18, 2048, 8, 16384, True, 8192),
     "codellama-13b": (13016028160, 40, 5120, 40, 13824, True, 16384),
     "mpt-30b": (29955768320, 48, 7168, 64, 28672, False, 8192),
     "starcoder": (15517462528, 40, 6144, 48, 24576, False, 8192),
     "stablelm-3b-4e1t": (2795443200, 32, 2560, 32, 6912, True, 4096)}
CASES = [("qwen2.5-14b", "perlmutter"), ("qwen2.5-32b", "frontier"), ("falcon-40b", "polaris"), ("opt-30b", "delta"),
         ("llama-3-8b", "vista"), ("phi-2", "lonestar6"), ("gemma-2b", "bridges2"), ("codellama-13b", "anvil"),
         ("mpt-30b", "aurora"), ("starcoder", "deltaai"), ("stablelm-3b-4e1t", "stampede3")]


def act(rc, L, h, a, I, g, s):
    if rc == "full":
        return 2 * s * h * L
    per = s * (10 * h + 8 * h + (6 if g else 4) * I)
    if rc == "none":
        per += 5 * a * s * s
    return L * per


def best(model, cl):
    P, L, h, a, I, g, s = M[model]
    mem, gpn = MEM[cl]
    usable = 0.9 * mem
    out = []
    for rc in ("none", "selective", "full"):
        A = act(rc, L, h, a, I, g, s) / GiB
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
        r = json.loads(subprocess.run([sys.argv[1], "advise", "--json", "--model", model, "--cluster", cl],
                                      capture_output=True, text=True).stdout or "{}")
        rec = r.get("recommended") or {}
        P = M[model][0]
        good_p = r.get("params") and abs(r["params"] - P) <= 0.1 * P
        good_n = rec.get("min_nodes") == nodes
        good_s = (rec.get("strategy") == "ddp") == (strat == "ddp")
        hit = bool(good_p and good_n and good_s)
        ok += hit
        rows.append(f"{'ok ' if hit else 'BAD'} {model} on {cl}: want {strat} {gpus} GPUs {nodes} nodes ({rc}); "
                    f"got {rec} recompute={r.get('recompute')} seq={r.get('seq')} params={r.get('params')}")
    print("\n".join(rows))
    print(f"advise round: {ok}/{len(CASES)}")
    return 0 if ok == len(CASES) else 1


if __name__ == "__main__":
    sys.exit(main())
