#!/usr/bin/env bash
# TED-LIUM 2 recipe: every stage of egs2/TEMPLATE/asr1/asr.sh with this corpus's sets and a
# 500-piece BPE; options given to run.sh come last and win.
set -e
set -u
set -o pipefail

train_set=train
valid_set=dev
test_sets="dev test"

asr_config=conf/tuning/train_asr_e_branchformer.yaml

./asr.sh \
    --lang en \
    --ngpu 2 \
    --nbpe 500 \
    --feats_type raw \
    --token_type bpe \
    --asr_config "${asr_config}" \
    --train_set "${train_set}" \
    --valid_set "${valid_set}" \
    --test_sets "${test_sets}" \
    --bpe_train_text "data/${train_set}/text" "$@"
