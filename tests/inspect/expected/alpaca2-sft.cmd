cd scripts/training && bash run_sft.sh
