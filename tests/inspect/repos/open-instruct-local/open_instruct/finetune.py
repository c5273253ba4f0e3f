"""Supervised fine-tuning with Accelerate (and DeepSpeed through the accelerate config)."""
from dataclasses import dataclass, field
from typing import List, Optional

from accelerate import Accelerator
from datasets import load_dataset
from transformers import AutoModelForCausalLM

from open_instruct.utils import ArgumentParserPlus


@dataclass
class FlatArguments:
    model_name_or_path: Optional[str] = field(default=None, metadata={"help": "The model checkpoint for weights initialization."})
    dataset_mixer_list: List[str] = field(default_factory=lambda: ["allenai/tulu-3-sft-personas-algebra", "1.0"])
    train_file: Optional[str] = field(default=None, metadata={"help": "A jsonl file with the training data."})
    max_seq_length: Optional[int] = field(default=None)
    per_device_train_batch_size: int = field(default=8)
    gradient_accumulation_steps: int = field(default=1)
    learning_rate: float = field(default=2e-5)
    num_train_epochs: int = field(default=2)
    output_dir: str = field(default="output/")


def main(args: FlatArguments):
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path)
    model = accelerator.prepare(model)
    if args.train_file:
        raw = load_dataset("json", data_files=args.train_file)


if __name__ == "__main__":
    parser = ArgumentParserPlus((FlatArguments,))
    args = parser.parse()
    main(args)
