import torch


class MACE(torch.nn.Module):
    def __init__(self, r_max, num_interactions, hidden_irreps):
        super().__init__()
        self.r_max = r_max


class ScaleShiftMACE(MACE):
    pass
