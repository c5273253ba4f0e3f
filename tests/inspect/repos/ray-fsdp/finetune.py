"""Fine-tunes an OPT model on a Ray cluster with FSDP (fixture): prepare_model(parallel_strategy="fsdp")."""
import ray.train
import torch
from datasets import load_dataset
from ray.train import RunConfig, ScalingConfig
from ray.train.torch import TorchTrainer, prepare_model
from transformers import AutoModelForCausalLM

MODEL = "facebook/opt-1.3b"


def train_loop(config):
    model = AutoModelForCausalLM.from_pretrained(MODEL)
    model = prepare_model(model, parallel_strategy="fsdp")
    data = load_dataset("tatsu-lab/alpaca", split="train")
    opt = torch.optim.AdamW(model.parameters(), lr=config["lr"])
    for epoch in range(config["num_epochs"]):
        ray.train.report({"epoch": epoch})


trainer = TorchTrainer(
    train_loop,
    train_loop_config={"lr": 2e-5, "num_epochs": 3},
    scaling_config=ScalingConfig(num_workers=16, use_gpu=True),
    run_config=RunConfig(storage_path="s3://my-bucket/ray-runs"),
)
trainer.fit()
