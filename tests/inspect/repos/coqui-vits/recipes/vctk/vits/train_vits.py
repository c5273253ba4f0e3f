import os

from trainer import Trainer, TrainerArgs

from TTS.tts.configs.vits_config import VitsConfig
from TTS.tts.models.vits import Vits

output_path = os.path.dirname(os.path.abspath(__file__))
config = VitsConfig(
    batch_size=24,
    epochs=600,
    lr_gen=1e-4,
    mixed_precision=False,
)
model = Vits(config)
trainer = Trainer(TrainerArgs(), config, output_path, model=model)
trainer.fit()
