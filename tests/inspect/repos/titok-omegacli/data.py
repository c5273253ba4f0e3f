"""WebDataset loaders of tar shards."""
import webdataset as wds


class SimpleImageDataset:
    def __init__(self, train_shards_path, eval_shards_path, num_train_examples, per_gpu_batch_size,
                 global_batch_size, num_workers_per_gpu=12, resize_shorter_edge=256, crop_size=256):
        self.train_dataloader = wds.WebLoader(wds.WebDataset(train_shards_path), batch_size=None)
        self.eval_dataloader = wds.WebLoader(wds.WebDataset(eval_shards_path), batch_size=per_gpu_batch_size)
