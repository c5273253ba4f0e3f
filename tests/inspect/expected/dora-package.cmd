dora run -P myproj solver=lm/base optim.lr=3e-4 datasource.train=/data/egs/train
