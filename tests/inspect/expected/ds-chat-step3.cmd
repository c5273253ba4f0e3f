cd training/step3_rlhf_finetuning && bash training_scripts/opt/single_node/run_1.3b.sh facebook/opt-1.3b facebook/opt-350m
