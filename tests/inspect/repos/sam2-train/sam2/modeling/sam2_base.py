import torch


class SAM2Base(torch.nn.Module):
    def __init__(self, image_encoder, memory_attention, memory_encoder, num_maskmem=7, image_size=1024):
        super().__init__()
        self.image_encoder = image_encoder
