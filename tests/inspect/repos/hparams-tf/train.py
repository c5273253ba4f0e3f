# train.py - Tacotron in TensorFlow 1.x
import argparse

import tensorflow as tf

from hparams import hparams
from tacotron.models import create_model


def train(log_dir, args):
    model = create_model(args.model, hparams)
    global_step = tf.Variable(0, name="global_step", trainable=False)
    optimizer = tf.train.AdamOptimizer(hparams.initial_learning_rate, hparams.adam_beta1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base_dir", default="/data/tacotron")
    parser.add_argument("--input", default="training/train.txt")
    parser.add_argument("--model", default="tacotron")
    parser.add_argument("--hparams", default="", help="comma-separated name=value overrides")
    parser.add_argument("--summary_interval", type=int, default=100)
    args = parser.parse_args()
    hparams.parse(args.hparams)
    train("logs-tacotron", args)


if __name__ == "__main__":
    main()
