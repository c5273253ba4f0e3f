# Causal-LM fine-tuning with a typer command line: one positional data folder, the rest options.
import torch
import typer
from datasets import load_dataset
from transformers import AutoModelForCausalLM, Trainer, TrainingArguments


def main(
    data: str = typer.Argument(..., help="folder of JSON lines to train on"),
    model_name: str = typer.Option("gpt2", "--model-name", help="hub id of the model"),
    lr: float = 3e-4,
    epochs: int = 3,
    batch_size: int = typer.Option(8, help="per device"),
    bf16: bool = False,
):
    model = AutoModelForCausalLM.from_pretrained(model_name)
    ds = load_dataset("json", data_dir=data)["train"]
    args = TrainingArguments(output_dir="out", learning_rate=lr, num_train_epochs=epochs,
                             per_device_train_batch_size=batch_size, bf16=bf16)
    Trainer(model=model, args=args, train_dataset=ds).train()


if __name__ == "__main__":
    typer.run(main)
