import sys
from pathlib import Path

import yaml
from transformers import HfArgumentParser, Seq2SeqTrainingArguments

from .data_args import DataArguments
from .model_args import ModelArguments


def get_train_args(args=None):
    parser = HfArgumentParser((ModelArguments, DataArguments, Seq2SeqTrainingArguments))
    if args is None and len(sys.argv) == 2 and sys.argv[1].endswith((".yaml", ".yml")):
        return parser.parse_dict(yaml.safe_load(Path(sys.argv[1]).absolute().read_text()))
    return parser.parse_args_into_dataclasses(args)
