# Supervised fine-tuning with TRL, settings from a recipe YAML (--config) and the command line.
import logging
import sys

import datasets
import transformers
from transformers import set_seed
from trl import ModelConfig, ScriptArguments, SFTConfig, SFTTrainer, TrlParser, get_peft_config

from open_r1.configs import SFTScriptArguments
from open_r1.utils import get_model, get_tokenizer

logger = logging.getLogger(__name__)


def main(script_args, training_args, model_args):
    set_seed(training_args.seed)
    dataset = datasets.load_dataset(script_args.dataset_name, name=script_args.dataset_config)
    tokenizer = get_tokenizer(model_args, training_args)
    model = get_model(model_args, training_args)
    trainer = SFTTrainer(model=model, args=training_args, train_dataset=dataset[script_args.dataset_train_split],
                         processing_class=tokenizer, peft_config=get_peft_config(model_args))
    trainer.train()
    trainer.save_model(training_args.output_dir)


if __name__ == "__main__":
    parser = TrlParser((SFTScriptArguments, SFTConfig, ModelConfig))
    script_args, training_args, model_args = parser.parse_args_and_config()
    main(script_args, training_args, model_args)
