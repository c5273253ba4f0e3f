import torch.nn as nn


class Unet(nn.Module):
    def __init__(self, in_ch, mod_ch, out_ch, ch_mul, num_res_blocks, cdim, use_conv, droprate, dtype):
        super().__init__()
