# Inference on images with a relative-depth checkpoint.
import argparse
import torch
from depth_anything_v2.dpt import DepthAnythingV2

if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='Depth Anything V2')
    parser.add_argument('--img-path', type=str)
    parser.add_argument('--encoder', type=str, default='vitl', choices=['vits', 'vitb', 'vitl', 'vitg'])
    args = parser.parse_args()
    model = DepthAnythingV2(encoder=args.encoder)
