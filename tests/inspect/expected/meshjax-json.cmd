python3 device_train.py --config=configs/6B_roto_256.json --tune-model-path=gs://my-bucket/step_383500/
