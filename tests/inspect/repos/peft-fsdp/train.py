"""SFT with PEFT LoRA under FSDP (accelerate launch --config_file configs/fsdp_config.yaml train.py ...)."""
from dataclasses import dataclass, field
from typing import Optional

from datasets import load_dataset
from peft import LoraConfig
from transformers import AutoModelForCausalLM, HfArgumentParser, TrainingArguments
from trl import SFTTrainer


@dataclass
class ModelArguments:
    model_name_or_path: str = field(metadata={"help": "Path to pretrained model or model identifier"})
    lora_r: Optional[int] = field(default=64)
    use_peft_lora: Optional[bool] = field(default=False)


@dataclass
class DataTrainingArguments:
    dataset_name: Optional[str] = field(default="timdettmers/openassistant-guanaco")
    max_seq_length: Optional[int] = field(default=512)


def main(model_args, data_args, training_args):
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path)
    dataset = load_dataset(data_args.dataset_name)
    peft_config = LoraConfig(r=model_args.lora_r) if model_args.use_peft_lora else None
    trainer = SFTTrainer(model=model, args=training_args, train_dataset=dataset["train"], peft_config=peft_config)
    trainer.train()


if __name__ == "__main__":
    parser = HfArgumentParser((ModelArguments, DataTrainingArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    main(model_args, data_args, training_args)
