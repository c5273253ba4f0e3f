# round_s22.py - held-out advise round of session 22: eleven model x cluster cases (models and pairs not in
# earlier rounds) checked against the arithmetic computed here from published config.json shapes
# (num_hidden_layers, hidden_size, num_attention_heads, intermediate_size, gated MLP or not) at the sequence
# length the tool states (the model's context in data/models). Written before maple ran on them.
# Usage: python3 tests/advise/round_s22.py build/maple
# Arithmetic (the issue's): model states 16 bytes a parameter (bf16 weights and gradients, fp32 Adam
# moments and master copy), split N ways when sharded, plus one layer gathered (2 x 2P/L bytes); activations
# per layer at micro-batch 1: full recomputation 2sbh, selective sb(10h + 8h + 4I or 6I gated), none adds
# 5as^2b; 1.5 GiB overhead; 90% of the card usable; the fewest nodes over the three recomputation choices,
# ties to DDP (less communication).
import sys

from roundlib import Model, score, simple_cases

# id: (P, L, h, a, I, gated, seq)   P from data/models (the card), the shape from each config.json
SHAPES = {"mistral-7b": (7241732096, 32, 4096, 32, 14336, True, 4096),
     "gemma-7b": (8537680896, 28, 3072, 16, 24576, True, 8192),
     "yi-34b": (34388917248, 60, 7168, 56, 20480, True, 4096),
     "codellama-34b": (33743970304, 48, 8192, 64, 22016, True, 16384),
     "gpt-neox-20b": (20554567680, 44, 6144, 64, 24576, False, 2048),
     "baichuan2-13b": (13896668160, 40, 5120, 40, 13696, True, 4096),
     "internlm2-20b": (19861149696, 48, 6144, 48, 16384, True, 32768),
     "qwen3-8b": (8200000000, 36, 4096, 32, 12288, True, 32768),
     "gpt-j-6b": (6053381344, 28, 4096, 16, 16384, False, 2048),
     "bloom-7b1": (7069016064, 30, 4096, 32, 16384, False, 2048),
     "deepseek-llm-67b": (67426230272, 95, 8192, 64, 22016, True, 4096)}
CASES = [("mistral-7b", "perlmutter"), ("gemma-7b", "frontier"), ("yi-34b", "polaris"), ("codellama-34b", "vista"),
         ("gpt-neox-20b", "bridges2"), ("baichuan2-13b", "anvil"), ("internlm2-20b", "delta"),
         ("qwen3-8b", "lonestar6"), ("gpt-j-6b", "aurora"), ("bloom-7b1", "deltaai"),
         ("deepseek-llm-67b", "stampede3")]
M = {k: Model(*t) for k, t in SHAPES.items()}


if __name__ == "__main__":
    sys.exit(score(sys.argv[1], simple_cases(M, CASES)))
