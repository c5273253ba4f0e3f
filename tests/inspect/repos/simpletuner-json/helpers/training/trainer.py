# The training loop: an Accelerator, the model's transformer with LoRA layers, the data backends.
import json
import torch
from accelerate import Accelerator
from diffusers import FluxTransformer2DModel


class Trainer:
    def __init__(self, config):
        self.config = config
        self.accelerator = Accelerator(mixed_precision=config.mixed_precision)
        self.transformer = FluxTransformer2DModel.from_pretrained(
            config.pretrained_model_name_or_path, subfolder="transformer")
        with open(config.data_backend_config) as f:
            self.backends = json.load(f)

    def train(self):
        optimizer = torch.optim.AdamW(self.transformer.parameters(), lr=self.config.learning_rate)
        for step in range(self.config.max_train_steps):
            loss = self.transformer(torch.zeros(1)).mean()
            self.accelerator.backward(loss)
            optimizer.step()
