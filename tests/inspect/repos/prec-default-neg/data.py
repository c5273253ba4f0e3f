import torch


def make_dataset():
    return torch.utils.data.TensorDataset(torch.randn(1024, 128), torch.randint(0, 10, (1024,)))
