# P-tuning v2 of a chat model with Seq2SeqTrainer (fixture).
import os
import sys

from datasets import load_dataset
from transformers import AutoConfig, AutoModel, HfArgumentParser, Seq2SeqTrainer, Seq2SeqTrainingArguments

from arguments import DataTrainingArguments, ModelArguments


def main():
    parser = HfArgumentParser((ModelArguments, DataTrainingArguments, Seq2SeqTrainingArguments))
    if len(sys.argv) == 2 and sys.argv[1].endswith(".json"):
        model_args, data_args, training_args = parser.parse_json_file(json_file=os.path.abspath(sys.argv[1]))
    else:
        model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    data_files = {"train": data_args.train_file, "validation": data_args.validation_file}
    raw_datasets = load_dataset("json", data_files=data_files)
    config = AutoConfig.from_pretrained(model_args.model_name_or_path, trust_remote_code=True)
    model = AutoModel.from_pretrained(model_args.model_name_or_path, config=config, trust_remote_code=True)
    model = model.half()
    trainer = Seq2SeqTrainer(model=model, args=training_args, train_dataset=raw_datasets["train"])
    trainer.train()


if __name__ == "__main__":
    main()
