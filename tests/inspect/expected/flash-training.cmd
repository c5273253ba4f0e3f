cd training && python run.py experiment=owt/gpt2m-flash trainer.devices=8 datamodule.batch_size=4
