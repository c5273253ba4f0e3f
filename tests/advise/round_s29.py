# round_s29.py - held-out advise round of session 29: seven model x cluster cases on models no earlier round
# used (OLMo 2 7B, TinyLlama, Phi-3-medium, DeepSeek LLM 7B, Code Llama 7B at a long context, StarCoder2 3B,
# GPT-2 XL), written before maple ran on them. The arithmetic is tests/advise/roundlib.py's, from each model's
# published config.json shape (layers, width, heads, key/value heads, MLP width and kind) and parameter count.
# Usage: python3 tests/advise/round_s29.py build/maple
import sys

from roundlib import Model, score

# allenai/OLMo-2-1124-7B config.json: 32 layers, 4096, 32 heads (no GQA), 11008 SwiGLU, 4096 tokens; 7.30B
OLMO2_7B = Model(7.30e9, 32, 4096, 32, 11008, True, 4096)
# TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T config.json: 22 layers, 2048, 32 heads, 4 KV heads, 5632
# SwiGLU, 2048 tokens; 1,100,048,384
TINYLLAMA = Model(1.100e9, 22, 2048, 32, 5632, True, 2048, kv=4, hd=64)
# microsoft/Phi-3-medium-4k-instruct config.json: 40 layers, 5120, 40 heads, 10 KV heads, 17920 SwiGLU; 13.96B
PHI3_MEDIUM = Model(13.96e9, 40, 5120, 40, 17920, True, 4096, kv=10, hd=128)
# deepseek-ai/deepseek-llm-7b-base config.json: 30 layers, 4096, 32 heads, 11008 SwiGLU, 4096 tokens; 6.91B
DEEPSEEK_7B = Model(6.91e9, 30, 4096, 32, 11008, True, 4096)
# codellama/CodeLlama-7b-hf config.json: 32 layers, 4096, 32 heads, 11008 SwiGLU, trained at 16384 tokens; 6.74B
CODELLAMA_7B = Model(6.74e9, 32, 4096, 32, 11008, True, 16384)
# bigcode/starcoder2-3b config.json: 30 layers, 3072, 24 heads, 2 KV heads, 12288 GELU MLP (not gated); 3.03B
STARCODER2_3B = Model(3.03e9, 30, 3072, 24, 12288, False, 4096, kv=2, hd=128)
# openai-community/gpt2-xl config.json: 48 layers, 1600, 25 heads, 4 x 1600 GELU MLP, 1024 tokens; 1.558B
GPT2_XL = Model(1.558e9, 48, 1600, 25, 6400, False, 1024)


def counts_activations(r, text, m):
    """The recommended strategy's memory holds the activations."""
    rec = (r.get("recommended") or {}).get("strategy")
    act = ((r.get("breakdown_gib") or {}).get(rec) or {}).get("activations")
    return "" if act else f"no activations in the {rec} figure ({act})"


CASES = [
    # model, cluster, Model, extra args, sequence, micro-batch, flash, check
    ("olmo-2-7b", "perlmutter", OLMO2_7B, ("--seq", "4096"), 4096, 1, False, counts_activations),
    ("tinyllama-1.1b", "lonestar6", TINYLLAMA, ("--micro-batch", "16"), 2048, 16, False, counts_activations),
    ("phi-3-medium", "frontier", PHI3_MEDIUM, ("--seq", "4096", "--attention", "sdpa"), 4096, 1, True, counts_activations),
    ("deepseek-llm-7b", "anvil", DEEPSEEK_7B, ("--seq", "4096"), 4096, 1, False, counts_activations),
    ("codellama-7b", "deltaai", CODELLAMA_7B, ("--seq", "16384", "--attention", "flash"), 16384, 1, True, counts_activations),
    ("starcoder2-3b", "stampede3", STARCODER2_3B, ("--seq", "4096"), 4096, 1, False, counts_activations),
    ("gpt2-xl", "bridges2", GPT2_XL, ("--micro-batch", "8"), 1024, 8, False, counts_activations),
]

if __name__ == "__main__":
    sys.exit(score(sys.argv[1], CASES))
