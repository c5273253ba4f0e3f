"""PPO on IMDB sentiment with a GPT-2 policy (fixture in the manner of trlx examples:
hparams as JSON in argv[1] over default_ppo_config())."""
import json
import sys

from datasets import load_dataset
from transformers import pipeline

import trlx
from trlx.data.default_configs import TRLConfig, default_ppo_config


def main(hparams={}):
    config = TRLConfig.update(default_ppo_config().to_dict(), hparams)
    sentiment_fn = pipeline("sentiment-analysis", "lvwerra/distilbert-imdb")
    imdb = load_dataset("imdb", split="train+test")
    prompts = [" ".join(review.split()[:4]) for review in imdb["text"]]
    trlx.train(reward_fn=None, prompts=prompts, config=config)


if __name__ == "__main__":
    hparams = {} if len(sys.argv) == 1 else json.loads(sys.argv[1])
    main(hparams)
