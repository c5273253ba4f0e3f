# trainer_rm.py - reward-model training: named sections of configs/config_rm.yaml merged in order, then flags
import argparse
from pathlib import Path

import yaml
from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments


def read_yamls(dir):
    conf = {}
    for config_file in Path(dir).glob("**/*.yaml"):
        with config_file.open("r") as f:
            conf.update(yaml.safe_load(f))
    return conf


def argument_parsing():
    parser = argparse.ArgumentParser()
    parser.add_argument("--configs", nargs="+", required=True)
    parser.add_argument("--local_rank", type=int, default=-1)
    parser.add_argument("--deepspeed", action="store_true")
    args, remaining = parser.parse_known_args()

    conf = {}
    configs = read_yamls("./configs")
    for name in args.configs:
        if "," in name:
            for n in name.split(","):
                conf.update(configs[n])
        else:
            conf.update(configs[name])
    conf["local_rank"] = args.local_rank
    conf["deepspeed"] = args.deepspeed

    parser = argparse.ArgumentParser()
    for key, value in conf.items():
        type_ = type(value) if value is not None else str
        parser.add_argument(f"--{key}", type=type_, default=value)
    return parser.parse_args(remaining)


def main():
    training_conf = argument_parsing()
    model = AutoModelForSequenceClassification.from_pretrained(training_conf.model_name, num_labels=1)
    args = TrainingArguments(
        output_dir=training_conf.output_dir,
        num_train_epochs=training_conf.num_train_epochs,
        learning_rate=float(training_conf.learning_rate),
        per_device_train_batch_size=training_conf.per_device_train_batch_size,
        gradient_accumulation_steps=training_conf.gradient_accumulation_steps,
        bf16=training_conf.dtype == "bf16",
        deepspeed=training_conf.deepspeed_config if training_conf.deepspeed else None,
    )
    trainer = Trainer(model=model, args=args)
    trainer.train()


if __name__ == "__main__":
    main()
