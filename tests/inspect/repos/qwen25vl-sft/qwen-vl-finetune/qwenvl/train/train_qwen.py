import torch
import transformers
from transformers import Qwen2_5_VLForConditionalGeneration, Trainer

from qwenvl.data import data_list
from qwenvl.train.argument import DataArguments, ModelArguments, TrainingArguments


def train(attn_implementation="flash_attention_2"):
    parser = transformers.HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    model = Qwen2_5_VLForConditionalGeneration.from_pretrained(
        model_args.model_name_or_path,
        attn_implementation=attn_implementation,
        torch_dtype=(torch.bfloat16 if training_args.bf16 else None),
    )
    datasets = data_list(data_args.dataset_use.split(","))
    trainer = Trainer(model=model, args=training_args, train_dataset=datasets)
    trainer.train()


if __name__ == "__main__":
    train()
