# Trains a small GPT-2 from scratch with the Hugging Face Trainer; the config gives only depth and
# width, the rest is GPT2Config's own (own fixture).
from datasets import load_dataset
from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainingArguments

config = GPT2Config(n_layer=6, n_head=8, n_embd=512)
model = GPT2LMHeadModel(config)
data = load_dataset("wikitext", "wikitext-103-raw-v1")
args = TrainingArguments(output_dir="out/gpt2-small", per_device_train_batch_size=32, learning_rate=5e-4,
                         num_train_epochs=2, fp16=True)
trainer = Trainer(model=model, args=args, train_dataset=data["train"])
trainer.train()
