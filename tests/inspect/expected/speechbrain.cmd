cd recipes/LibriSpeech/ASR/transformer && torchrun --nproc_per_node=2 train_with_whisper.py hparams/train_hf_whisper.yaml --data_folder=/data/LibriSpeech --batch_size=8
