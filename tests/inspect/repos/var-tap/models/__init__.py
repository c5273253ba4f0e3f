"""Builds the tokenizer (VQVAE) and the transformer of the given depth."""
from .var import VAR
from .vqvae import VQVAE


def build_vae_var(device, patch_nums, depth=16, shared_aln=False, attn_l2_norm=True, flash_if_available=True):
    heads = depth
    width = depth * 64
    dpr = 0.1 * depth / 24
    vae = VQVAE(vocab_size=4096, z_channels=32, ch=160, test_mode=True, share_quant_resi=4, v_patch_nums=patch_nums).to(device)
    var = VAR(vae_local=vae, num_classes=1000, depth=depth, embed_dim=width, num_heads=heads, mlp_ratio=4.,
              drop_path_rate=dpr, norm_eps=1e-6, shared_aln=shared_aln, cond_drop_rate=0.1,
              attn_l2_norm=attn_l2_norm, patch_nums=patch_nums, flash_if_available=flash_if_available).to(device)
    return vae, var
