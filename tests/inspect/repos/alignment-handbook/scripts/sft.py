"""Supervised fine-tuning:
accelerate launch --config_file recipes/accelerate_configs/zero3.yaml scripts/sft.py --config recipes/.../config_full.yaml
"""
import sys

from transformers import AutoModelForCausalLM
from trl import ModelConfig, SFTTrainer, TrlParser

from alignment import ScriptArguments, SFTConfig, get_dataset


def main(script_args, training_args, model_args):
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path, torch_dtype=model_args.torch_dtype)
    dataset = get_dataset(script_args)
    trainer = SFTTrainer(model=model, args=training_args, train_dataset=dataset[script_args.dataset_train_split])
    trainer.train()


if __name__ == "__main__":
    parser = TrlParser((ScriptArguments, SFTConfig, ModelConfig))
    script_args, training_args, model_args = parser.parse_args_and_config()
    main(script_args, training_args, model_args)
