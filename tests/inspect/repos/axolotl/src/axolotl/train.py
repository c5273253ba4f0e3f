from transformers import AutoModelForCausalLM, Trainer, TrainingArguments


def train(cfg):
    model = AutoModelForCausalLM.from_pretrained(cfg.base_model)
    args = TrainingArguments(
        output_dir=cfg.output_dir,
        per_device_train_batch_size=cfg.micro_batch_size,
        gradient_accumulation_steps=cfg.gradient_accumulation_steps,
        num_train_epochs=cfg.num_epochs,
        learning_rate=cfg.learning_rate,
        deepspeed=cfg.deepspeed,
    )
    Trainer(model=model, args=args).train()
