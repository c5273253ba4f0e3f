"""Tokenize and chunk a text data set."""
from transformers import AutoTokenizer


def chunk_and_tokenize(data, tokenizer_name, max_seq_len=2048, text_key="text"):
    tokenizer = AutoTokenizer.from_pretrained(tokenizer_name)
    return data.map(lambda x: tokenizer(x[text_key], truncation=True, max_length=max_seq_len), batched=True)
