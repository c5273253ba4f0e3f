python -m t5x.train --gin_file="t5x/examples/t5/t5_1_1/examples/base_wmt_from_scratch.gin" --gin.MODEL_DIR=\"/tmp/t5x/model\" --gin.TRAIN_STEPS=20000
