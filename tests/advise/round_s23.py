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
import sys

from roundlib import Model, score, simple_cases

# id: (P, L, h, a, I, gated, seq)   P from data/models (the card), the shape from each config.json
# (intermediate_size / ffn_dim / n_inner / expansion_ratio x d_model; gated for SwiGLU/GeGLU MLPs)
SHAPES = {"qwen2.5-14b": (14770033664, 48, 5120, 40, 13824, True, 32768),
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
M = {k: Model(*t) for k, t in SHAPES.items()}


if __name__ == "__main__":
    sys.exit(score(sys.argv[1], simple_cases(M, CASES)))
