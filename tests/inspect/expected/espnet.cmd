cd egs2/librispeech_100/asr1 && ./run.sh --stage 11 --ngpu 4
