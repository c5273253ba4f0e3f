import torch


class ModelConfig:
    def __init__(self, path=None, model_id=None, origin_file_pattern=None):
        self.path = path
        self.model_id = model_id
        self.origin_file_pattern = origin_file_pattern


class WanVideoPipeline(torch.nn.Module):
    @staticmethod
    def from_pretrained(torch_dtype=torch.bfloat16, device="cuda", model_configs=[]):
        return WanVideoPipeline()

    def freeze_except(self, names):
        pass
