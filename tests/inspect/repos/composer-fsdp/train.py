"""GPT-2 medium with Composer and FSDP (fixture): fsdp_config passed to the Trainer."""
import argparse

from composer import Trainer
from composer.models import HuggingFaceModel
from streaming import StreamingDataset
from torch.utils.data import DataLoader
from transformers import AutoModelForCausalLM, AutoTokenizer

parser = argparse.ArgumentParser()
parser.add_argument("--data_remote", default="oci://bucket/c4-mds")
parser.add_argument("--max_duration", default="10000ba")
args = parser.parse_args()

hf = AutoModelForCausalLM.from_pretrained("gpt2-medium")
model = HuggingFaceModel(hf, tokenizer=AutoTokenizer.from_pretrained("gpt2-medium"))
ds = StreamingDataset(remote=args.data_remote, local="/tmp/c4", batch_size=8)
trainer = Trainer(
    model=model,
    train_dataloader=DataLoader(ds, batch_size=8),
    max_duration=args.max_duration,
    precision="amp_fp16",
    fsdp_config={"sharding_strategy": "FULL_SHARD", "mixed_precision": "DEFAULT"},
    device_train_microbatch_size=4,
)
trainer.fit()
