python -m ftpkg.train --model_name bert-base-uncased --dataset=yelp_review_full --lr 2e-5
