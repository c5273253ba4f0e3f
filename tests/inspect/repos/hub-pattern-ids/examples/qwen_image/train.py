import argparse

import torch
from accelerate import Accelerator

from trainers.pipelines import ImagePipeline, ModelConfig


def parser():
    p = argparse.ArgumentParser(description="LoRA training for an image pipeline.")
    p.add_argument("--dataset_base_path", type=str, required=True, help="Base path of the dataset.")
    p.add_argument("--model_id_with_origin_paths", type=str, default=None, help="Model ID with origin paths, comma-separated.")
    p.add_argument("--learning_rate", type=float, default=1e-4)
    p.add_argument("--num_epochs", type=int, default=1)
    p.add_argument("--lora_rank", type=int, default=32)
    return p


class LoraTrainingModule(torch.nn.Module):
    def __init__(self, model_id_with_origin_paths):
        super().__init__()
        configs = [ModelConfig(model_id=i.split(":")[0], origin_file_pattern=i.split(":")[1]) for i in model_id_with_origin_paths.split(",")]
        self.pipe = ImagePipeline.from_pretrained(torch_dtype=torch.float16, device="cpu", model_configs=configs)


if __name__ == "__main__":
    args = parser().parse_args()
    model = LoraTrainingModule(args.model_id_with_origin_paths)
    accelerator = Accelerator()
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    model, optimizer = accelerator.prepare(model, optimizer)
    for epoch in range(args.num_epochs):
        loss = model.pipe.training_loss()
        accelerator.backward(loss)
        optimizer.step()
