#!/usr/bin/env bash
# Data preparation stages of the recipe (not the training job).
set -eou pipefail
python3 local/compute_fbank_librispeech.py
