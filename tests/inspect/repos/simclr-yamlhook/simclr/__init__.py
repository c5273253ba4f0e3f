from .simclr import SimCLR
