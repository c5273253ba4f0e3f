from detectron2.modeling import META_ARCH_REGISTRY
from torch import nn


@META_ARCH_REGISTRY.register()
class MaskFormer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.num_queries = cfg.MODEL.MASK_FORMER.NUM_OBJECT_QUERIES
