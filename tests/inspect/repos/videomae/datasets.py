from torchvision.datasets import DatasetFolder


def build_pretraining_dataset(args):
    return DatasetFolder(args.data_path, loader=None)
