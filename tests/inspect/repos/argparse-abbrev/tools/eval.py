"""Evaluation script with its own parser (its --data and --conf-thres are not train.py's)."""
import argparse


def get_args_parser():
    parser = argparse.ArgumentParser(description='detector evaluation')
    parser.add_argument('--data', type=str, default='./data/coco.yaml')
    parser.add_argument('--conf-thres', type=float, default=0.03)
    parser.add_argument('--batch-size', type=int, default=32)
    return parser


def run(data, weights=None, batch_size=32):
    return data
