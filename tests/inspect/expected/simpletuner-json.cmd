bash train.sh
