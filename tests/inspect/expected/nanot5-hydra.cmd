python -m nanoT5.main optim.name=adamwscale optim.lr_scheduler=cosine model.compile=true
