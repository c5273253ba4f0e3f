"""Supervised fine-tuning with TRL's SFTTrainer."""
from datasets import load_dataset
from transformers import AutoModelForCausalLM
from trl import SFTConfig, SFTTrainer


def train(config):
    train_data = load_dataset(config.data_path, split=config.train_split)
    model = AutoModelForCausalLM.from_pretrained(config.model)
    training_args = SFTConfig(
        output_dir=config.project_name,
        per_device_train_batch_size=config.batch_size,
        learning_rate=config.lr,
        num_train_epochs=config.epochs,
        gradient_accumulation_steps=config.gradient_accumulation,
        bf16=config.mixed_precision == "bf16",
        fp16=config.mixed_precision == "fp16",
    )
    trainer = SFTTrainer(model=model, args=training_args, train_dataset=train_data)
    trainer.train()
