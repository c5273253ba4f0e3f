from pathlib import Path

import torchvision


def build_dataset(image_set, args):
    root = Path(args.coco_path)
    return torchvision.datasets.CocoDetection(root / f"{image_set}2017", root / "annotations" / f"instances_{image_set}2017.json")
