"""lit-llama-style fixture package."""
from lit_llama.model import LLaMA, LLaMAConfig
