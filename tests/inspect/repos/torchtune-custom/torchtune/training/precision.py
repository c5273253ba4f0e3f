import torch

PRECISION_STR_TO_DTYPE = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def get_dtype(dtype=None, device=None):
    return PRECISION_STR_TO_DTYPE.get(dtype, torch.float32)
