"""Data modules."""
from lightning.pytorch import LightningDataModule


class AnomalibDataModule(LightningDataModule):
    def __init__(self, train_batch_size: int = 32, eval_batch_size: int = 32, num_workers: int = 8):
        super().__init__()
        self.train_batch_size = train_batch_size


class MVTec(AnomalibDataModule):
    def __init__(self, root: str = "./datasets/MVTec", category: str = "bottle", train_batch_size: int = 32,
                 eval_batch_size: int = 32, num_workers: int = 8, image_size: int | None = None):
        super().__init__(train_batch_size, eval_batch_size, num_workers)
        self.root = root
        self.category = category
