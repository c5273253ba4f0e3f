# jobs/process/SDTrainer.py - LoRA training of a diffusion transformer, settings from the process entry
import torch
from diffusers import FluxTransformer2DModel
from peft import LoraConfig


class SDTrainer:
    def __init__(self, index, job, config):
        train = config.get("train", {})
        self.lr = train.get("lr", 1e-6)
        self.steps = train.get("steps", 1000)
        self.batch_size = train.get("batch_size", 1)
        self.dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}.get(train.get("dtype", "fp16"))
        self.model_path = config["model"]["name_or_path"]
        self.datasets = config.get("datasets", [])

    def run(self):
        model = FluxTransformer2DModel.from_pretrained(self.model_path, subfolder="transformer",
                                                       torch_dtype=self.dtype)
        model.add_adapter(LoraConfig(r=16))
        opt = torch.optim.AdamW(model.parameters(), lr=self.lr)
