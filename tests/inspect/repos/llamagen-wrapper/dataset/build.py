"""Chooses the dataset class by the --dataset name."""
from dataset.imagenet import build_imagenet_code


def build_dataset(args, **kwargs):
    if args.dataset == 'imagenet_code':
        return build_imagenet_code(args, **kwargs)
    raise ValueError(f'dataset {args.dataset} is not supported')
