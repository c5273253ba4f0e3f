"""A Trainer that evaluates on SentEval's STS-B during training."""
from transformers import Trainer


class CLTrainer(Trainer):
    def evaluate(self, eval_dataset=None, ignore_keys=None, metric_key_prefix="eval", eval_senteval_transfer=False):
        return {"eval_stsb_spearman": 0.0}
