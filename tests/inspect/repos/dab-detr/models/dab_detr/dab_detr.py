import torch
from torch import nn


class DABDETR(nn.Module):
    def __init__(self, backbone, transformer, num_classes, num_queries, aux_loss=False):
        super().__init__()
        self.num_queries = num_queries


def build_dab_detr(args):
    num_classes = 91 if args.dataset_file != 'coco_panoptic' else 250
    return DABDETR(None, None, num_classes, args.num_queries), None, None
