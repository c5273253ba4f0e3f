"""Fine-tunes a classifier on the tokenized data; settings from params.yaml (dvc repro)."""
import json

import yaml
from datasets import load_from_disk
from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments

with open("params.yaml") as f:
    params = yaml.safe_load(f)["train"]

model = AutoModelForSequenceClassification.from_pretrained(params["model_name"], num_labels=2)
data = load_from_disk("data/tokenized")
args = TrainingArguments(
    output_dir="models/classifier",
    learning_rate=params["learning_rate"],
    per_device_train_batch_size=params["batch_size"],
    num_train_epochs=params["epochs"],
    weight_decay=params["weight_decay"],
    fp16=params["fp16"],
)
trainer = Trainer(model=model, args=args, train_dataset=data["train"], eval_dataset=data["test"])
trainer.train()
json.dump(trainer.evaluate(), open("metrics.json", "w"))
