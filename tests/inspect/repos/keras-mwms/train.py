"""Keras ResNet-50 on ImageNet TFRecords with tf.distribute (one worker per node, all its GPUs)."""
import argparse

import tensorflow as tf


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data_dir", default="/data/imagenet/tfrecords")
    parser.add_argument("--batch_size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=90)
    parser.add_argument("--learning_rate", type=float, default=0.1)
    parser.add_argument("--mixed_precision", action="store_true")
    args = parser.parse_args()
    if args.mixed_precision:
        tf.keras.mixed_precision.set_global_policy("mixed_float16")
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    with strategy.scope():
        model = tf.keras.applications.ResNet50(weights=None)
        model.compile(optimizer=tf.keras.optimizers.SGD(args.learning_rate), loss="sparse_categorical_crossentropy")
    files = tf.data.Dataset.list_files(args.data_dir + "/train-*")
    model.fit(files, epochs=args.epochs)


if __name__ == "__main__":
    main()
