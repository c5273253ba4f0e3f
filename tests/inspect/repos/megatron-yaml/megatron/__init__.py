"""Megatron package (fixture)."""
