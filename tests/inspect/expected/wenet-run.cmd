cd examples/aishell/s0 && bash run.sh --stage 4 --stop_stage 4
