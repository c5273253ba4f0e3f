# round_s19.py - held-out advise round of session 19: ten model x cluster cases checked against the
# arithmetic computed here from published shapes (config.json) and card sizes, at the sequence length the
# tool states (the model's context). Usage: python3 tests/advise/round_s19.py build/maple
# independent arithmetic for the held-out advise round (published shapes, published card sizes)
import sys

from roundlib import Model, score, simple_cases

# id, P, L, h, a, I, gated
SHAPES = {"pythia-12b": (11846072320, 36, 5120, 40, 20480, False),
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
# the sequence the tool states for each (the model's context; 2048 when data/models gives none)
SEQ = {"qwen2-72b": 32768, "starcoder2-15b": 16384, "chatglm3-6b": 8192, "meta-llama/Llama-3.1-70B": 8192}
M = {k: Model(*t, SEQ.get(k, 2048)) for k, t in SHAPES.items()}


if __name__ == "__main__":
    sys.exit(score(sys.argv[1], simple_cases(M, CASES)))
