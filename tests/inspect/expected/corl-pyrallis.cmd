python algorithms/offline/iql.py --config_path=configs/offline/iql/halfcheetah/medium_v2.yaml --seed 1
