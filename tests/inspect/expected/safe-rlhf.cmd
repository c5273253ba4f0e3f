bash scripts/sft.sh --model_name_or_path meta-llama/Llama-2-7b-hf --output_dir output/sft
