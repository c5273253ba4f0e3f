python src/train.py trainer=ddp experiment=example trainer.max_epochs=30 +trainer.profiler=simple ~trainer.sync_batchnorm
