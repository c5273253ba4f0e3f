import torch.nn as nn


def build_model(args):
    layer = nn.TransformerEncoderLayer(args.hidden_size, args.heads_num, args.feedforward_size, args.dropout)
    return nn.TransformerEncoder(layer, args.layers_num)
