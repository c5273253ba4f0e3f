import json

import torch

from llama import ModelArgs, Tokenizer, Transformer


def Llama7B_adapter(args, **kwargs):
    checkpoint = torch.load(args.llama_model_path + "7B/consolidated.00.pth", map_location="cpu")
    with open(args.llama_model_path + "7B/params.json", "r") as f:
        params = json.loads(f.read())
    model_args = ModelArgs(max_seq_len=args.max_seq_len, max_batch_size=32, adapter_len=args.adapter_len,
                           adapter_layer=args.adapter_layer, **params)
    tokenizer = Tokenizer(model_path=args.llama_model_path + "/tokenizer.model")
    model_args.vocab_size = tokenizer.n_words
    model_llama_adapter = Transformer(model_args)
    model_llama_adapter.load_state_dict(checkpoint, strict=False)
    return model_llama_adapter
