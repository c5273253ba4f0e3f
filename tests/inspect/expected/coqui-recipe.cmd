CUDA_VISIBLE_DEVICES="0,1" python -m trainer.distribute --script recipes/ljspeech/glow_tts/train_glowtts.py
