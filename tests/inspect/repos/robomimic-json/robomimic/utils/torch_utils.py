# Device choice.
import torch


def get_torch_device(try_to_use_cuda):
    if try_to_use_cuda and torch.cuda.is_available():
        return torch.device("cuda:0")
    return torch.device("cpu")
