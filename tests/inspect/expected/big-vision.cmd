python3 -m big_vision.train --config big_vision/configs/bit_i1k.py --workdir gs://bucket/exp --config.total_epochs=10
