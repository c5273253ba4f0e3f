python -m lmtrain.cli fit --config configs/base.yaml --config configs/long.yaml --trainer.strategy deepspeed_stage_2 --model.model_name gpt2-large --data.batch_size 2
