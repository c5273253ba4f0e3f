from torchvision.datasets import ImageFolder


def build_beit_pretraining_dataset(args):
    return ImageFolder(args.data_path)
