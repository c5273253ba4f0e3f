# round_s26.py - held-out advise round of session 26: twelve model x cluster cases on vision and diffusion
# transformers (activations grow with the resolution's token count and the micro-batch and decide the memory),
# long-context decoders (64k-128k tokens with memory-efficient attention) and mixtures of experts (the total
# count decides the memory; the answer names it and gives the active one). Models and pairs not in earlier
# rounds; the arithmetic is tests/advise/roundlib.py's, computed here from each model's published shape.
# Written before maple ran on them. Usage: python3 tests/advise/round_s26.py build/maple
# Token counts: a ViT at resolution R with patch p has (R/p)^2 patches + 1 class token (224 px, patch 16: 197;
# patch 14: 257; 384 px, patch 16: 577; 512 px: 1025); a DiT works on the VAE's latent (R/8) in patches of 2:
# (R/16)^2 tokens (256 px: 256, 512 px: 1024).
import sys

from roundlib import Model, score

VITH = Model(632000000, 32, 1280, 16, 5120, False, 257)       # ViT-H/14 (Dosovitskiy et al. Table 1; data/models)
VITL = Model(307000000, 24, 1024, 16, 4096, False, 197)       # ViT-L/16
VITB = Model(86000000, 12, 768, 12, 3072, False, 197)         # ViT-B/16
DITXL = Model(675000000, 28, 1152, 16, 4608, False, 256)      # DiT-XL/2 (facebookresearch/DiT models.py: mlp_ratio 4)
# meta-llama/Llama-3.1-8B config.json: 32 layers, 4096, 32 heads, 8 KV heads, 14336 SwiGLU, 128k context
LLAMA31_8B = Model(8030261248, 32, 4096, 32, 14336, True, 131072, kv=8, hd=128)
# Qwen/Qwen2-7B config.json: 28 layers, 3584, 28 heads, 4 KV heads, 18944 SwiGLU
QWEN2_7B = Model(7615616512, 28, 3584, 28, 18944, True, 32768, kv=4, hd=128)
# mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, 4096, 32 heads, 8 KV heads, 8 experts of 14336, top-2
MIXTRAL = Model(46702792704, 32, 4096, 32, 14336, True, 32768, kv=8, hd=128, moe=(8, 2, 0, 0, None))
# deepseek-ai/deepseek-moe-16b-base config.json: 28 layers, 2048, 16 heads, 64 routed experts of 1408, top-6,
# 2 shared experts, the first layer dense (10944)
DSMOE = Model(16.4e9, 28, 2048, 16, 1408, True, 4096, moe=(64, 6, 2, 1, 10944))


def recompute_is(rc, n=None):
    def check(r, text, m):
        bad = [] if r.get("recompute") == rc else [f"recomputation {r.get('recompute')}, want {rc}"]
        if n and r.get("seq") != n:
            bad.append(f"sequence {r.get('seq')}, want {n} tokens")
        return "; ".join(bad)
    return check


def names_total(r, text, m):
    t = text.lower()
    return "" if "total" in t and "active" in t else "no total/active wording"


CASES = [
    # model, cluster, Model, extra args, sequence, micro-batch, flash, check
    ("vit-h-14", "polaris", VITH, ("--micro-batch", "128"), None, 128, False, recompute_is("full")),
    ("vit-l-16", "bridges2", VITL, ("--micro-batch", "128"), None, 128, False, recompute_is("selective")),
    ("vit-l-16", "perlmutter", VITL, ("--resolution", "384", "--micro-batch", "32"), 577, 32, False, recompute_is("selective", 577)),
    ("vit-b-16", "anvil", VITB, ("--resolution", "512", "--micro-batch", "128"), 1025, 128, False, recompute_is("full", 1025)),
    ("dit-xl-2", "delta", DITXL, ("--micro-batch", "32"), None, 32, False, recompute_is("none")),
    ("dit-xl-2", "lonestar6", DITXL, ("--resolution", "512", "--micro-batch", "8"), 1024, 8, False, recompute_is("selective", 1024)),
    ("llama-3.1-8b", "vista", LLAMA31_8B, ("--seq", "131072", "--attention", "flash"), 131072, 1, True, None),
    ("llama-3.1-8b", "perlmutter", LLAMA31_8B, ("--seq", "131072", "--attention", "flash"), 131072, 1, True, None),
    ("qwen2-7b", "frontier", QWEN2_7B, ("--seq", "65536", "--attention", "flash"), 65536, 1, True, None),
    ("mixtral-8x7b", "polaris", MIXTRAL, (), None, 1, False, names_total),
    ("mixtral-8x7b", "stampede3", MIXTRAL, ("--seq", "4096"), 4096, 1, False, names_total),
    ("deepseek-moe-16b", "aurora", DSMOE, (), None, 1, False, names_total),
]

if __name__ == "__main__":
    sys.exit(score(sys.argv[1], CASES))
