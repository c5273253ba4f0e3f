mmf_run config=projects/visual_bert/configs/vqa2/defaults.yaml model=visual_bert dataset=vqa2 run_type=train_val training.batch_size=32 training.max_updates=22000
