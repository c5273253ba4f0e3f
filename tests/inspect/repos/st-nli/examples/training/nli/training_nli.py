"""Trains a sentence embedding model on NLI pairs with a softmax loss.

Usage:
python training_nli.py

OR
python training_nli.py pretrained_transformer_model_name
"""
import logging
import sys
from datetime import datetime

from datasets import load_dataset
from sentence_transformers import SentenceTransformer, losses
from sentence_transformers.trainer import SentenceTransformerTrainer
from sentence_transformers.training_args import SentenceTransformerTrainingArguments

model_name = sys.argv[1] if len(sys.argv) > 1 else "bert-base-uncased"
train_batch_size = 16

output_dir = "output/training_nli_" + model_name.replace("/", "-") + "-" + datetime.now().strftime("%Y-%m-%d_%H-%M-%S")

model = SentenceTransformer(model_name)

train_dataset = load_dataset("sentence-transformers/all-nli", "pair-class", split="train")
eval_dataset = load_dataset("sentence-transformers/all-nli", "pair-class", split="dev").select(range(1000))

train_loss = losses.SoftmaxLoss(model=model, num_labels=3)

args = SentenceTransformerTrainingArguments(
    output_dir=output_dir,
    num_train_epochs=1,
    per_device_train_batch_size=train_batch_size,
    per_device_eval_batch_size=train_batch_size,
    warmup_ratio=0.1,
    fp16=True,
    bf16=False,
    eval_strategy="steps",
    eval_steps=100,
)

trainer = SentenceTransformerTrainer(model=model, args=args, train_dataset=train_dataset, eval_dataset=eval_dataset, loss=train_loss)
trainer.train()
