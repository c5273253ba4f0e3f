python run_recbole.py --model=NeuMF --dataset=ml-100k
