"""Supervised fine-tuning."""
