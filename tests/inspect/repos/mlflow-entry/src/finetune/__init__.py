"""finetune: Pythia fine-tuning with Accelerate."""
