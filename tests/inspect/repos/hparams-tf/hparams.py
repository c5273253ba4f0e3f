# hparams.py - default hyperparameters, overridden by --hparams "name=value,..."
import tensorflow as tf

hparams = tf.contrib.training.HParams(
    cleaners="english_cleaners",
    num_mels=80,
    sample_rate=22050,
    outputs_per_step=3,
    batch_size=32,
    adam_beta1=0.9,
    initial_learning_rate=0.002,
    decay_learning_rate=True,
    use_cmudict=False,
    max_iters=200,
)
