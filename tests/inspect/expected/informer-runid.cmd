bash scripts/ETTh1.sh
