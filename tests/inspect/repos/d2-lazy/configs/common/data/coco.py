from omegaconf import OmegaConf

from detectron2.config import LazyCall as L
from detectron2.data import build_detection_train_loader, get_detection_dataset_dicts

dataloader = OmegaConf.create()

dataloader.train = L(build_detection_train_loader)(
    dataset=L(get_detection_dataset_dicts)(names="coco_2017_train"),
    total_batch_size=16,
    num_workers=4,
)
