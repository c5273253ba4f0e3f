python main.py fit --config configs/gpt.yaml --trainer.max_epochs 5 --model.learning_rate=3e-4
