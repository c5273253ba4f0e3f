# Contrastive fine-tuning of an embedding model with in-batch and mined negatives.
import logging
import os
from pathlib import Path

from transformers import AutoConfig, AutoTokenizer, HfArgumentParser, set_seed

from .arguments import DataArguments, ModelArguments
from .arguments import RetrieverTrainingArguments as TrainingArguments
from .data import EmbedCollator, TrainDatasetForEmbedding
from .modeling import BiEncoderModel
from .trainer import BiTrainer

logger = logging.getLogger(__name__)


def main():
    parser = HfArgumentParser((ModelArguments, DataArguments, TrainingArguments))
    model_args, data_args, training_args = parser.parse_args_into_dataclasses()
    set_seed(training_args.seed)
    tokenizer = AutoTokenizer.from_pretrained(model_args.model_name_or_path, use_fast=False)
    model = BiEncoderModel(model_name=model_args.model_name_or_path, normlized=training_args.normlized,
                           sentence_pooling_method=training_args.sentence_pooling_method,
                           negatives_cross_device=training_args.negatives_cross_device,
                           temperature=training_args.temperature)
    train_dataset = TrainDatasetForEmbedding(args=data_args, tokenizer=tokenizer)
    trainer = BiTrainer(model=model, args=training_args, train_dataset=train_dataset,
                        data_collator=EmbedCollator(tokenizer, query_max_len=data_args.query_max_len,
                                                    passage_max_len=data_args.passage_max_len),
                        tokenizer=tokenizer)
    Path(training_args.output_dir).mkdir(parents=True, exist_ok=True)
    trainer.train()
    trainer.save_model()


if __name__ == "__main__":
    main()
