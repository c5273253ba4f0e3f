# finetune package (fixture).
