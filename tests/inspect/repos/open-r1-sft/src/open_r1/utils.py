import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def get_tokenizer(model_args, training_args):
    return AutoTokenizer.from_pretrained(model_args.model_name_or_path, revision=model_args.model_revision)


def get_model(model_args, training_args):
    torch_dtype = model_args.torch_dtype if model_args.torch_dtype in ["auto", None] else getattr(torch, model_args.torch_dtype)
    return AutoModelForCausalLM.from_pretrained(model_args.model_name_or_path, torch_dtype=torch_dtype,
                                                attn_implementation=model_args.attn_implementation)
