# hparams.py - every setting of the run, overridable by a "name=value,..." string
from utils import HParams


def create_hparams(hparams_string=None, verbose=False):
    """Create model hyperparameters. Parse nondefault from given string."""
    hparams = HParams(
        epochs=500,
        iters_per_checkpoint=1000,
        seed=1234,
        fp16_run=False,
        distributed_run=False,
        dist_backend="nccl",
        training_files="filelists/ljs_audio_text_train_filelist.txt",
        validation_files="filelists/ljs_audio_text_val_filelist.txt",
        n_mel_channels=80,
        learning_rate=1e-3,
        weight_decay=1e-6,
        batch_size=64,
        mask_padding=True,
    )
    if hparams_string:
        hparams.parse(hparams_string)
    return hparams
