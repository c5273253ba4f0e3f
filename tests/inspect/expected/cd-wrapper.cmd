cd scripts; bash run_sft.sh
