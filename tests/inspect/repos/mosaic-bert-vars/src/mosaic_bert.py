"""MosaicBERT: BERT with ALiBi, gated linear units and unpadding, as a ComposerModel."""
import transformers
from composer.models.huggingface import HuggingFaceModel

from src.bert_layers import BertForMaskedLM


def create_mosaic_bert_mlm(pretrained_model_name: str = 'bert-base-uncased', model_config: dict = None,
                           tokenizer_name: str = None, pretrained_checkpoint=None):
    config = transformers.AutoConfig.from_pretrained(pretrained_model_name, **(model_config or {}))
    model = BertForMaskedLM(config)
    tokenizer = transformers.AutoTokenizer.from_pretrained(tokenizer_name or pretrained_model_name)
    return HuggingFaceModel(model=model, tokenizer=tokenizer, use_logits=True)
