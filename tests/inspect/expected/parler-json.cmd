accelerate launch ./training/run_parler_tts_training.py ./helpers/training_configs/starting_point_v1.json
