"""Language modeling over pre-tokenized JSONL shards read as a stream."""
from dataclasses import dataclass, field
from typing import Optional

from metaseq.dataclass import MetaseqDataclass
from metaseq.tasks import register_task


@dataclass
class StreamingLanguageModelingConfig(MetaseqDataclass):
    data: Optional[str] = field(default=None, metadata={"help": "path to data directory with JSONL files"})
    vocab_filename: Optional[str] = field(default="", metadata={"help": "path to bpe-vocab.json"})
    merges_filename: Optional[str] = field(default="", metadata={"help": "path to bpe-merges.txt"})
    tokens_per_sample: int = field(default=1024, metadata={"help": "max number of tokens per sample"})


@register_task("streaming_language_modeling", dataclass=StreamingLanguageModelingConfig)
class StreamingLanguageModelingTask:
    @staticmethod
    def add_args(parser):
        parser.add_argument("data", help="path to data directory")
        parser.add_argument("--vocab-filename", default="")
        parser.add_argument("--merges-filename", default="")
        parser.add_argument("--tokens-per-sample", type=int, default=1024)
