from .dac import DAC
from .discriminator import Discriminator
