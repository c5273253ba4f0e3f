from transformers import AutoModelForCausalLM, Seq2SeqTrainer

from ..hparams.parser import get_train_args


def run_exp(args=None):
    model_args, data_args, training_args = get_train_args(args)
    model = AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path)
    trainer = Seq2SeqTrainer(model=model, args=training_args)
    trainer.train()
