"""Trains a text-to-speech model with Accelerate from the dataclasses, or from one JSON file."""
import os
import sys

import torch
from accelerate import Accelerator
from datasets import load_dataset, concatenate_datasets
from transformers import HfArgumentParser, AutoTokenizer

from training.arguments import ModelArguments, DataTrainingArguments, ParlerTTSTrainingArguments


def main():
    parser = HfArgumentParser((ModelArguments, DataTrainingArguments, ParlerTTSTrainingArguments))
    if len(sys.argv) == 2 and sys.argv[1].endswith(".json"):
        model_args, data_args, training_args = parser.parse_json_file(json_file=os.path.abspath(sys.argv[1]))
    else:
        model_args, data_args, training_args = parser.parse_args_into_dataclasses()

    if training_args.dtype == "float16":
        mixed_precision = "fp16"
    elif training_args.dtype == "bfloat16":
        mixed_precision = "bf16"
    else:
        mixed_precision = "no"

    accelerator = Accelerator(gradient_accumulation_steps=training_args.gradient_accumulation_steps,
                              mixed_precision=mixed_precision, log_with=training_args.report_to)

    names = data_args.train_dataset_name.split("+")
    configs = (data_args.train_dataset_config_name or "").split("+")
    splits = data_args.train_split_name.split("+")
    parts = [load_dataset(n, c, split=s) for n, c, s in zip(names, configs, splits)]
    train_dataset = concatenate_datasets(parts)

    from parler_tts import ParlerTTSForConditionalGeneration
    model = ParlerTTSForConditionalGeneration.from_pretrained(model_args.model_name_or_path)
    optimizer = torch.optim.AdamW(model.parameters(), lr=training_args.learning_rate,
                                  betas=(training_args.adam_beta1, training_args.adam_beta2),
                                  weight_decay=training_args.weight_decay)
    model, optimizer = accelerator.prepare(model, optimizer)
    for epoch in range(int(training_args.num_train_epochs)):
        for batch in train_dataset:
            with accelerator.accumulate(model):
                loss = model(**batch).loss
                accelerator.backward(loss)
                optimizer.step()


if __name__ == "__main__":
    main()
