from transformers import AutoModelForCausalLM, HfArgumentParser, Seq2SeqTrainer

from .argument import TrainArguments


def sft_main(args=None):
    (train_args,) = HfArgumentParser(TrainArguments).parse_args_into_dataclasses(args)
    model = AutoModelForCausalLM.from_pretrained(train_args.model)
    trainer = Seq2SeqTrainer(model=model, args=train_args)
    trainer.train()
