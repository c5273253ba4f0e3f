import os

from trainer import Trainer, TrainerArgs

from TTS.tts.configs.vits_config import VitsConfig

output_path = os.path.dirname(os.path.abspath(__file__))
config = VitsConfig(
    batch_size=24,
    epochs=600,
    lr_gen=1e-4,
    mixed_precision=False,
)
trainer = Trainer(TrainerArgs(), config, output_path)
trainer.fit()
