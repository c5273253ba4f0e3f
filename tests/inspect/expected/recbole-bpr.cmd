python run_recbole.py --model=BPR --dataset=ml-100k
