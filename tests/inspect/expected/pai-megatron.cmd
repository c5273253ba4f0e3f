cd examples/qwen2 && sh run_mcore_qwen.sh dsw 0.5B 2 16 1e-5 1e-6 1024 bf16 2 1 /mnt/data/qwen/mmap_qwen2_text_document /mnt/ckpts/Qwen2-0.5B-tp2 10000 /mnt/output_mcore_qwen2
