"""An example elsewhere in the tree: not the job's script."""
import torch
from transformers import AutoModelForCausalLM, Trainer, TrainingArguments

model = AutoModelForCausalLM.from_pretrained("gpt2-large")
trainer = Trainer(model=model, args=TrainingArguments(output_dir="out", learning_rate=3e-5))

if __name__ == "__main__":
    trainer.train()
