import torch

DTYPES = {"float32": torch.float32, "float64": torch.float64}


def set_default_dtype(dtype):
    torch.set_default_dtype(DTYPES[dtype])
