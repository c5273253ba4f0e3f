"""Runs the language-model trainer chosen by the trainer type over a saved parameter file."""
import argparse
import json

from autotrain.trainers.clm.params import LLMTrainingParams
from autotrain.trainers.clm import train_clm_sft


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--training_config", type=str, required=True)
    return parser.parse_args()


def train(config):
    if isinstance(config, dict):
        config = LLMTrainingParams(**config)
    train_clm_sft.train(config)


if __name__ == "__main__":
    args = parse_args()
    training_config = json.load(open(args.training_config))
    config = LLMTrainingParams(**training_config)
    train(config)
