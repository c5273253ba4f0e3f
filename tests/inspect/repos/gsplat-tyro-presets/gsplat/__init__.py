from .rendering import rasterization
from .strategy import DefaultStrategy, MCMCStrategy
