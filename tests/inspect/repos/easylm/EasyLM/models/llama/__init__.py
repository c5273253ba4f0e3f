"""LLaMA in JAX (fixture)."""
