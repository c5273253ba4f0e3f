"""Hugging Face BERT as a ComposerModel."""
import transformers
from composer.models.huggingface import HuggingFaceModel


def create_hf_bert_mlm(pretrained_model_name: str = 'bert-base-uncased', use_pretrained=False, model_config=None,
                       tokenizer_name=None):
    config = transformers.AutoConfig.from_pretrained(pretrained_model_name, **(model_config or {}))
    model = transformers.AutoModelForMaskedLM.from_config(config)
    return HuggingFaceModel(model=model, tokenizer=transformers.AutoTokenizer.from_pretrained(pretrained_model_name))
