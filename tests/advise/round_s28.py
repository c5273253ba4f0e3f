# round_s28.py - held-out advise round of session 28: seven model x cluster cases on models no earlier round
# used (Qwen3 dense models, Phi-4, OLMo 2, SmolLM, BLOOM, InternLM2 at a long context), written before maple
# ran on them. The arithmetic is tests/advise/roundlib.py's, computed from each model's published config.json
# shape (layers, width, heads, key/value heads, head width, MLP width and kind); a model whose data file has its
# count but no shape still needs its activations counted (issue 17: activations always included).
# Usage: python3 tests/advise/round_s28.py build/maple
import sys

from roundlib import Model, score

# Qwen/Qwen3-14B config.json: 40 layers, 5120, 40 heads, 8 KV heads, head_dim 128, 17408 SwiGLU; 14.77B
QWEN3_14B = Model(14.77e9, 40, 5120, 40, 17408, True, 4096, kv=8, hd=128)
# Qwen/Qwen3-32B config.json: 64 layers, 5120, 64 heads, 8 KV heads, head_dim 128, 25600 SwiGLU; 32.76B
QWEN3_32B = Model(32.76e9, 64, 5120, 64, 25600, True, 4096, kv=8, hd=128)
# microsoft/phi-4 config.json: 40 layers, 5120, 40 heads, 10 KV heads, 17920 SwiGLU; 14.66B
PHI4 = Model(14.66e9, 40, 5120, 40, 17920, True, 4096, kv=10, hd=128)
# allenai/OLMo-2-1124-13B config.json: 40 layers, 5120, 40 heads (no GQA), 13824 SwiGLU; 13.72B
OLMO2_13B = Model(13.72e9, 40, 5120, 40, 13824, True, 4096)
# HuggingFaceTB/SmolLM-1.7B config.json: 24 layers, 2048, 32 heads, 8192 SwiGLU, 2048 tokens; 1.71B
SMOLLM = Model(1.711e9, 24, 2048, 32, 8192, True, 2048)
# bigscience/bloom config.json: 70 layers, 14336, 112 heads, 4 x 14336 GELU MLP, 2048 tokens; 176.2B
BLOOM = Model(176.25e9, 70, 14336, 112, 57344, False, 2048)
# internlm/internlm2-20b config.json: 48 layers, 6144, 48 heads, 8 KV heads, 16384 SwiGLU; 19.86B
INTERN20 = Model(19.86e9, 48, 6144, 48, 16384, True, 8192, kv=8, hd=128)

def counts_activations(r, text, m):
    """The recommended strategy's memory holds the activations (a model known by its count alone has none)."""
    rec = (r.get("recommended") or {}).get("strategy")
    act = ((r.get("breakdown_gib") or {}).get(rec) or {}).get("activations")
    return "" if act else f"no activations in the {rec} figure ({act})"


CASES = [
    # model, cluster, Model, extra args, sequence, micro-batch, flash, check
    ("qwen3-14b", "frontier", QWEN3_14B, ("--seq", "4096"), 4096, 1, False, counts_activations),
    ("qwen3-32b", "deltaai", QWEN3_32B, ("--seq", "4096", "--attention", "flash"), 4096, 1, True, counts_activations),
    ("phi-4", "polaris", PHI4, ("--seq", "4096"), 4096, 1, False, counts_activations),
    ("olmo-2-13b", "anvil", OLMO2_13B, ("--seq", "4096", "--attention", "sdpa"), 4096, 1, True, counts_activations),
    ("smollm-1.7b", "bridges2", SMOLLM, ("--micro-batch", "16"), None, 16, False, counts_activations),
    ("bloom-176b", "vista", BLOOM, (), None, 1, False, counts_activations),
    ("internlm2-20b", "aurora", INTERN20, ("--seq", "8192", "--attention", "flash"), 8192, 1, True, counts_activations),
]

if __name__ == "__main__":
    sys.exit(score(sys.argv[1], CASES))
