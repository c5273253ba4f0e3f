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
import sys

from roundlib import Model, score, simple_cases

# id: P (data/models), L, h, heads, kv_heads, head_dim, I (dense, or per expert), gated, seq, (E, top_k, shared)
SHAPES = {"mixtral-8x22b": (140630071296, 56, 6144, 48, 8, 128, 16384, True, 65536, (8, 2, 0)),   # mistralai/Mixtral-8x22B-v0.1
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


def shape(P, L, h, a, kv, hd, I, gated, seq, moe):
    return Model(P, L, h, a, I, gated, seq, kv=kv, hd=hd, moe=(moe[0], moe[1], moe[2], 0, None) if moe else None)


M = {k: shape(*t) for k, t in SHAPES.items()}


def names_total(r, text, m):
    """a mixture of experts: the answer says the total count decides memory and gives the active count"""
    if not m.moe:
        return ""
    t = text.lower()
    return "" if "total" in t and "active" in t else "no total/active wording"


if __name__ == "__main__":
    sys.exit(score(sys.argv[1], simple_cases(M, CASES, check=names_total)))
