#!/usr/bin/env bash
# The ASR recipe template: stages 1-13 (data preparation, tokens, training, decoding, scoring).
# Every variable below can be set from the command line as --name value (utils/parse_options.sh).
set -e
set -u
set -o pipefail

stage=1
stop_stage=10000
skip_train=false
ngpu=1
num_nodes=1
nj=32
inference_nj=32
gpu_inference=false
dumpdir=dump
expdir=exp
python=python3

lang=noinfo
feats_type=raw
audio_format=flac
speed_perturb_factors=
max_wav_duration=20
token_type=bpe
nbpe=30
bpe_train_text=
use_lm=true
lm_train_text=
asr_tag=
asr_config=
asr_args=
inference_config=
train_set=
valid_set=
test_sets=

. utils/parse_options.sh

data_feats=${dumpdir}/raw
token_listdir=data/${lang}_token_list
bpemodel=${token_listdir}/bpe_unigram${nbpe}/bpe.model
token_list=${token_listdir}/bpe_unigram${nbpe}/tokens.txt

if [ -z "${asr_tag}" ]; then
    asr_tag="$(basename "${asr_config}" .yaml)_${feats_type}"
fi
asr_exp="${expdir}/asr_${asr_tag}"

if [ ${stage} -le 11 ] && [ ${stop_stage} -ge 11 ] && ! [[ " ${skip_train} " =~ [[:space:]]true[[:space:]] ]]; then
    _asr_train_dir="${data_feats}/${train_set}"
    _asr_valid_dir="${data_feats}/${valid_set}"
    echo "Stage 11: ASR Training: train_set=${_asr_train_dir}, valid_set=${_asr_valid_dir}"

    mkdir -p "${asr_exp}"
    ${python} -m espnet2.bin.launch \
        --log "${asr_exp}"/train.log \
        --ngpu "${ngpu}" \
        --num_nodes "${num_nodes}" \
        --init_file_prefix "${asr_exp}"/.dist_init_ \
        --multiprocessing_distributed true -- \
        ${python} -m espnet2.bin.asr_train \
            --use_preprocessor true \
            --bpemodel "${bpemodel}" \
            --token_type "${token_type}" \
            --token_list "${token_list}" \
            --train_data_path_and_name_and_type "${_asr_train_dir}/wav.scp,speech,sound" \
            --valid_data_path_and_name_and_type "${_asr_valid_dir}/wav.scp,speech,sound" \
            --resume true \
            --output_dir "${asr_exp}" \
            --config "${asr_config}" \
            --ngpu "${ngpu}" \
            ${asr_args}
fi
