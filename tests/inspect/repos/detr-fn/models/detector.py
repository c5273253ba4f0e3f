# The detector: a CNN backbone, an encoder-decoder transformer and box heads.
import torch
from torch import nn
import torchvision


class Detector(nn.Module):
    def __init__(self, backbone, hidden_dim, nheads, enc_layers, dec_layers, dim_feedforward, num_queries, num_classes):
        super().__init__()
        self.backbone = backbone
        self.input_proj = nn.Conv2d(2048, hidden_dim, kernel_size=1)
        self.transformer = nn.Transformer(hidden_dim, nheads, enc_layers, dec_layers, dim_feedforward)
        self.query_embed = nn.Embedding(num_queries, hidden_dim)
        self.class_embed = nn.Linear(hidden_dim, num_classes + 1)
        self.bbox_embed = nn.Sequential(nn.Linear(hidden_dim, hidden_dim), nn.ReLU(), nn.Linear(hidden_dim, 4))


def build(args):
    num_classes = 91 if args.dataset_file == 'coco' else 20
    backbone = getattr(torchvision.models, args.backbone)(weights="DEFAULT")
    model = Detector(backbone, args.hidden_dim, args.nheads, args.enc_layers, args.dec_layers,
                     args.dim_feedforward, args.num_queries, num_classes)
    return model, None, None
