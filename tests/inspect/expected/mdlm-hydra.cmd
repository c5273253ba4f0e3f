python main.py model=small data=openwebtext-split wandb.name=mdlm-owt parameterization=subs model.length=1024 eval.compute_generative_perplexity=True sampling.steps=1000
