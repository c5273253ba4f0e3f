# Supervised fine-tuning of a chat model on conversation JSON (own fixture, HF Trainer shape).
from dataclasses import dataclass, field
from typing import Optional
import json
import transformers
from transformers import Trainer


@dataclass
class ModelArguments:
    model_name_or_path: Optional[str] = field(default="facebook/opt-125m")
    trust_remote_code: bool = field(default=False)


@dataclass
class DataArguments:
    data_path: str = field(default=None, metadata={"help": "Path to the training data."})
    eval_data_path: str = field(default=None)
    lazy_preprocess: bool = False


@dataclass
class TrainingArguments(transformers.TrainingArguments):
    cache_dir: Optional[str] = field(default=None)
    optim: str = field(default="adamw_torch")
    model_max_length: int = field(default=512, metadata={"help": "Maximum sequence length."})


def make_data(tokenizer, data_args):
    with open(data_args.data_path) as f:
        return json.load(f)


def train(attn_implementation=None):
    parser = transformers.HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    model = transformers.AutoModelForCausalLM.from_pretrained(
        model_args.model_name_or_path, attn_implementation=attn_implementation)
    tokenizer = transformers.AutoTokenizer.from_pretrained(
        model_args.model_name_or_path, model_max_length=training_args.model_max_length)
    data = make_data(tokenizer, data_args)
    trainer = Trainer(model=model, tokenizer=tokenizer, args=training_args, train_dataset=data)
    trainer.train()
    trainer.save_state()
