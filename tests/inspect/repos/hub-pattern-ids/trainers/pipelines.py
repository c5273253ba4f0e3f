import torch


class ModelConfig:
    def __init__(self, model_id=None, origin_file_pattern=None):
        self.model_id = model_id
        self.origin_file_pattern = origin_file_pattern


class ImagePipeline(torch.nn.Module):
    @staticmethod
    def from_pretrained(torch_dtype=torch.float32, device="cuda", model_configs=()):
        return ImagePipeline()
