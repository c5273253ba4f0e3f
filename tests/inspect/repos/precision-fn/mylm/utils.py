"""Helpers of the training package (own fixture)."""
import torch


def get_default_supported_precision(training: bool) -> str:
    """bf16 where the GPU has it, else float16 (mixed for training, true for inference)."""
    if not torch.cuda.is_available() or not torch.cuda.is_bf16_supported():
        return "16-mixed" if training else "16-true"
    return "bf16-mixed" if training else "bf16-true"
