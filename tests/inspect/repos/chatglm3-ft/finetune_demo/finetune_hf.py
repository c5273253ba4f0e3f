# -*- coding: utf-8 -*-
# LoRA / P-tuning fine-tuning of a chat model: data folder, model and a YAML of settings as positionals.
import dataclasses as dc
from pathlib import Path
from typing import Annotated, Any, Optional, Union

import torch
import typer
from datasets import load_dataset
from peft import get_peft_config, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer, Seq2SeqTrainer, Seq2SeqTrainingArguments
import yaml

app = typer.Typer(pretty_exceptions_show_locals=False)


@dc.dataclass
class DataConfig(object):
    train_file: str
    val_file: Optional[str] = None
    test_file: Optional[str] = None
    num_proc: Optional[int] = None


@dc.dataclass
class FinetuningConfig(object):
    data_config: DataConfig
    max_input_length: int
    max_output_length: int
    training_args: Seq2SeqTrainingArguments = dc.field(default_factory=lambda: Seq2SeqTrainingArguments(output_dir='./output'))
    peft_config: Optional[Any] = None

    @classmethod
    def from_dict(cls, **kwargs) -> 'FinetuningConfig':
        training_args = kwargs.get('training_args', None)
        if training_args is not None and not isinstance(training_args, Seq2SeqTrainingArguments):
            kwargs['training_args'] = Seq2SeqTrainingArguments(**training_args)
        data_config = kwargs.get('data_config')
        kwargs['data_config'] = DataConfig(**data_config)
        peft_config = kwargs.get('peft_config', None)
        if peft_config is not None:
            kwargs['peft_config'] = get_peft_config(peft_config)
        return cls(**kwargs)

    @classmethod
    def from_file(cls, path: Union[str, Path]) -> 'FinetuningConfig':
        path = Path(path)
        kwargs = yaml.safe_load(path.read_text())
        return cls.from_dict(**kwargs)


@app.command()
def main(
        data_dir: Annotated[str, typer.Argument(help='')],
        model_dir: Annotated[str, typer.Argument(help='A string that specifies the model id of a pretrained model')],
        config_file: Annotated[str, typer.Argument(help='')],
        auto_resume_from_checkpoint: str = typer.Argument(default='', help='the checkpoint to resume from'),
):
    ft_config = FinetuningConfig.from_file(config_file)
    tokenizer = AutoTokenizer.from_pretrained(model_dir, trust_remote_code=True)
    model = AutoModelForCausalLM.from_pretrained(model_dir, trust_remote_code=True, torch_dtype=torch.bfloat16)
    if ft_config.peft_config is not None:
        model = get_peft_model(model, ft_config.peft_config)
    data = load_dataset(data_dir, data_files={'train': ft_config.data_config.train_file})
    trainer = Seq2SeqTrainer(model=model, args=ft_config.training_args, train_dataset=data['train'], tokenizer=tokenizer)
    trainer.train()


if __name__ == '__main__':
    app()
