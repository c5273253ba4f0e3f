cd egs2/tedlium2/asr1 && ./run.sh --stage 11 --stop_stage 11
