# Data module: its command-line options are added to the training script's parser.
import argparse

from icefall.utils import str2bool


class LibriSpeechAsrDataModule:
    def __init__(self, args):
        self.args = args

    @classmethod
    def add_arguments(cls, parser: argparse.ArgumentParser):
        group = parser.add_argument_group(title="ASR data related options")
        group.add_argument("--full-libri", type=str2bool, default=True,
                           help="When enabled, use the 960 h LibriSpeech training set.")
        group.add_argument("--manifest-dir", type=str, default="data/fbank",
                           help="Path to the cut manifests")
        group.add_argument("--max-duration", type=float, default=200.0,
                           help="Maximum pooled recordings duration (seconds) in a single batch.")
        group.add_argument("--num-workers", type=int, default=2)

    def train_all_shuf_cuts(self):
        return self.args.manifest_dir + "/librispeech_cuts_train-all-shuf.jsonl.gz"
