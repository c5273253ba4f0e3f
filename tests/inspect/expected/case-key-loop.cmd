bash scripts/train.sh --model EleutherAI/pythia-1b --lr 3e-5
