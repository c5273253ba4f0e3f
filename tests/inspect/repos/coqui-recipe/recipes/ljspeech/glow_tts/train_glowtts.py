import os

from trainer import Trainer, TrainerArgs

from TTS.config import BaseDatasetConfig
from TTS.tts.configs.glow_tts_config import GlowTTSConfig
from TTS.tts.models.glow_tts import GlowTTS

# the run's outputs go next to this file
output_path = os.path.dirname(os.path.abspath(__file__))

dataset_config = BaseDatasetConfig(
    formatter="ljspeech", meta_file_train="metadata.csv", path=os.path.join(output_path, "../LJSpeech-1.1/")
)

config = GlowTTSConfig(
    batch_size=48,
    eval_batch_size=16,
    num_loader_workers=4,
    num_eval_loader_workers=4,
    run_eval=True,
    test_delay_epochs=-1,
    epochs=800,
    text_cleaner="phoneme_cleaners",
    use_phonemes=True,
    phoneme_language="en-us",
    print_step=25,
    mixed_precision=True,
    output_path=output_path,
    datasets=[dataset_config],
)

model = GlowTTS(config, None, None, speaker_manager=None)

trainer = Trainer(TrainerArgs(), config, output_path, model=model, train_samples=None, eval_samples=None)
trainer.fit()
