#!/usr/bin/env python3
"""Fine-tunes a Whisper encoder-decoder on LibriSpeech with a hyperpyyaml file (fixture in the
manner of speechbrain recipes)."""
import sys
import torch
import speechbrain as sb
from hyperpyyaml import load_hyperpyyaml


class ASR(sb.Brain):
    def compute_forward(self, batch, stage):
        return self.modules.whisper(batch.sig)


if __name__ == "__main__":
    hparams_file, run_opts, overrides = sb.parse_arguments(sys.argv[1:])
    sb.utils.distributed.ddp_init_group(run_opts)
    with open(hparams_file, encoding="utf-8") as fin:
        hparams = load_hyperpyyaml(fin, overrides)
    asr_brain = ASR(modules=hparams["modules"], hparams=hparams, run_opts=run_opts,
                    opt_class=hparams["whisper_opt_class"], checkpointer=hparams["checkpointer"])
    asr_brain.fit(hparams["epoch_counter"], None, None,
                  train_loader_kwargs=hparams["train_loader_kwargs"])
