# Model specs by name and the loaders of the flow transformer, the autoencoder and the text encoders.
from dataclasses import dataclass
import torch


@dataclass
class ModelSpec:
    repo_id: str
    repo_flow: str


configs = {
    "flux-dev": ModelSpec(repo_id="black-forest-labs/FLUX.1-dev", repo_flow="flux1-dev.safetensors"),
    "flux-schnell": ModelSpec(repo_id="black-forest-labs/FLUX.1-schnell", repo_flow="flux1-schnell.safetensors"),
}


def load_flow_model2(name: str, device="cuda", hf_download=True):
    return configs[name]


def load_ae(name: str, device="cuda"):
    return None


def load_t5(device="cuda", max_length=512):
    return None


def load_clip(device="cuda"):
    return None
