import torch.nn as nn


def build_model(args):
    assert args.modelname in ['groundingdino']
    model = nn.Transformer(d_model=args.hidden_dim, nhead=args.nheads,
                           num_encoder_layers=args.enc_layers, num_decoder_layers=args.dec_layers)
    return model, None, None
