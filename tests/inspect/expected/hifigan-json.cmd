python train.py --config config_v1.json --input_wavs_dir data/LJSpeech-1.1/wavs --input_training_file data/LJSpeech-1.1/training.txt --training_epochs 2000
