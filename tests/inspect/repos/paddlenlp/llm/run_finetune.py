"""Supervised fine-tuning with PaddlePaddle (fixture in the manner of PaddleNLP llm/run_finetune.py:
PdArgumentParser over a JSON file passed as the only argument)."""
import sys
from dataclasses import dataclass, field

import paddle
from paddlenlp.trainer import PdArgumentParser, TrainingArguments
from paddlenlp.transformers import AutoModelForCausalLM


@dataclass
class ModelArgument:
    model_name_or_path: str = field(default=None, metadata={"help": "Build-in pretrained model name or the path"})


@dataclass
class DataArgument:
    dataset_name_or_path: str = field(default=None, metadata={"help": "Name or path for dataset"})
    max_length: int = field(default=2048)


def main():
    parser = PdArgumentParser((ModelArgument, DataArgument, TrainingArguments))
    if len(sys.argv) >= 2 and sys.argv[1].endswith(".json"):
        model_args, data_args, training_args = parser.parse_json_file_and_cmd_lines()
    else:
        model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    paddle.set_device(training_args.device)
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path, dtype="bfloat16")


if __name__ == "__main__":
    main()
