"""tinyvit: ViT training with timm and Accelerate."""
