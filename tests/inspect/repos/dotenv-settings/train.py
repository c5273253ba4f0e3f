"""Supervised fine-tuning; every setting from the environment (a .env file in the project folder)."""
import os

import torch
from datasets import load_dataset
from dotenv import load_dotenv
from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer, TrainingArguments

load_dotenv()

MODEL_NAME = os.getenv("MODEL_NAME", "Qwen/Qwen2.5-1.5B")
DATASET = os.getenv("DATASET", "tatsu-lab/alpaca")
LEARNING_RATE = float(os.getenv("LEARNING_RATE", "1e-5"))
BATCH_SIZE = int(os.getenv("BATCH_SIZE", "4"))
NUM_EPOCHS = int(os.getenv("NUM_EPOCHS", "1"))
MAX_LEN = int(os.getenv("MAX_LEN", "1024"))

tok = AutoTokenizer.from_pretrained(MODEL_NAME)
model = AutoModelForCausalLM.from_pretrained(MODEL_NAME, torch_dtype=torch.bfloat16)
data = load_dataset(DATASET, split="train_sft")
args = TrainingArguments(
    output_dir="out",
    learning_rate=LEARNING_RATE,
    per_device_train_batch_size=BATCH_SIZE,
    num_train_epochs=NUM_EPOCHS,
    bf16=True,
)
Trainer(model=model, args=args, train_dataset=data).train()
