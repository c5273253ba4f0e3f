bash scripts/launch.sh fp16 8
