# Direct preference optimisation from the command line or a --config YAML (own fixture).
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import DPOConfig, DPOTrainer, ModelConfig, ScriptArguments, TrlParser


def main(script_args, training_args, model_args):
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path)
    tokenizer = AutoTokenizer.from_pretrained(model_args.model_name_or_path)
    dataset = load_dataset(script_args.dataset_name)
    trainer = DPOTrainer(model=model, args=training_args, train_dataset=dataset["train"], processing_class=tokenizer)
    trainer.train()


if __name__ == "__main__":
    parser = TrlParser((ScriptArguments, DPOConfig, ModelConfig))
    script_args, training_args, model_args = parser.parse_args_and_config()
    main(script_args, training_args, model_args)
