"""Modal app with two entrypoints; the training one launches torchrun remotely."""
import subprocess

import modal

app = modal.App("vit")


@app.function(gpu="A100:4")
def fit(model_name: str, epochs: int, batch_size: int):
    cmd = ["torchrun", "--nproc_per_node", "4", "train_vit.py", "--model", model_name, "--epochs", str(epochs),
           "--batch-size", str(batch_size)]
    subprocess.run(cmd, check=True)


@app.local_entrypoint()
def train(model_name: str = "vit_base_patch16_224", epochs: int = 90, batch_size: int = 128):
    fit.remote(model_name, epochs, batch_size)
