autotrain --config configs/llm_finetuning/qwen_sft.yml
