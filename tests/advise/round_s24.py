# round_s24.py - held-out advise round of session 24: eleven model x cluster cases (models not in earlier
# rounds nor in tests/cli/advise.sh) checked against the arithmetic computed here from published config.json shapes
# (num_hidden_layers, hidden_size, num_attention_heads, intermediate_size / ffn_dim / n_inner, gated MLP or not)
# at the sequence length the tool states (the model's context in data/models). Written before maple ran on them.
# Usage: python3 tests/advise/round_s24.py build/maple
# Arithmetic (the issue's): model states 16 bytes a parameter (bf16 weights and gradients, fp32 Adam
# moments and master copy), split N ways when sharded, plus one layer gathered (2 x 2P/L bytes); activations
# per layer at micro-batch 1: full recomputation 2sbh, selective sb(10h + 8h + 4I or 6I gated), none adds
# 5as^2b; 1.5 GiB overhead; 90% of the card usable; the fewest nodes over the three recomputation choices,
# ties to DDP (less communication).
import sys

from roundlib import Model, score, simple_cases

# id: (P, L, h, a, I, gated, seq)   P from data/models (the card), the shape from each config.json
SHAPES = {"llama-2-13b": (13015864320, 40, 5120, 40, 13824, True, 4096),       # meta-llama/Llama-2-13b-hf
     "opt-13b": (12853473280, 40, 5120, 40, 20480, False, 2048),          # facebook/opt-13b ffn_dim
     "phi-3-mini": (3821079552, 32, 3072, 32, 8192, True, 4096),          # microsoft/Phi-3-mini-4k-instruct
     "gemma-2-9b": (9241705984, 42, 3584, 16, 14336, True, 8192),         # google/gemma-2-9b
     "deepseek-coder-33b": (33342991360, 62, 7168, 56, 19200, True, 16384),  # deepseek-ai/deepseek-coder-33b-base
     "bloom-176b": (176247271424, 70, 14336, 112, 57344, False, 2048),    # bigscience/bloom (4h GELU MLP)
     "llama-3-70b": (70553706496, 80, 8192, 64, 28672, True, 8192),       # meta-llama/Meta-Llama-3-70B
     "starcoder2-7b": (7173923840, 32, 4608, 36, 18432, False, 16384),    # bigcode/starcoder2-7b (GELU MLP)
     "internlm2-7b": (7737708544, 32, 4096, 32, 14336, True, 32768),      # internlm/internlm2-7b
     "yi-6b": (6061035520, 32, 4096, 32, 11008, True, 4096),              # 01-ai/Yi-6B
     "opt-66b": (65696698368, 64, 9216, 72, 36864, False, 2048)}          # facebook/opt-66b ffn_dim
CASES = [("llama-2-13b", "polaris"), ("opt-13b", "frontier"), ("phi-3-mini", "lonestar6"), ("gemma-2-9b", "delta"),
         ("deepseek-coder-33b", "deltaai"), ("bloom-176b", "perlmutter"), ("llama-3-70b", "aurora"),
         ("starcoder2-7b", "bridges2"), ("internlm2-7b", "vista"), ("yi-6b", "anvil"), ("opt-66b", "stampede3")]
M = {k: Model(*t) for k, t in SHAPES.items()}


if __name__ == "__main__":
    sys.exit(score(sys.argv[1], simple_cases(M, CASES)))
