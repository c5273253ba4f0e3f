dora run -d solver=musicgen/musicgen_base_32khz model/lm/model_scale=small conditioner=text2music dset=audio/example optim.lr=5e-5
