"""Tokenizes the data set named in params.yaml."""
import yaml
from datasets import load_dataset
from transformers import AutoTokenizer

params = yaml.safe_load(open("params.yaml"))["prepare"]
ds = load_dataset(params["dataset"])
tok = AutoTokenizer.from_pretrained("distilbert-base-uncased")
ds = ds.map(lambda b: tok(b["text"], truncation=True, max_length=params["max_length"]), batched=True)
ds.save_to_disk("data/tokenized")
