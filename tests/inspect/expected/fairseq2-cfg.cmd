fairseq2 lm instruction_finetune /checkpoint/sft --config-file configs/sft_llama.yaml
