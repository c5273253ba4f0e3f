"""A PyTorch ViT trainer configured by absl flags."""
import timm
import torch
from absl import app, flags

FLAGS = flags.FLAGS
flags.DEFINE_string("model", "vit_small_patch16_224", "timm model name")
flags.DEFINE_integer("batch_size", 256, "per-GPU batch")
flags.DEFINE_float("lr", 1e-3, "peak learning rate")
flags.DEFINE_integer("epochs", 300, "epochs")
flags.DEFINE_boolean("amp", True, "autocast to bfloat16")
flags.DEFINE_string("data_dir", "/data/imagenet", "ImageFolder root")


def main(_):
    model = timm.create_model(FLAGS.model)
    with torch.autocast("cuda", dtype=torch.bfloat16, enabled=FLAGS.amp):
        pass


if __name__ == "__main__":
    app.run(main)
