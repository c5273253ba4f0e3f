cd ptuning && bash train.sh
