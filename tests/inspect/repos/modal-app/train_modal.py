"""Fine-tune on Modal: the function runs remotely on 8 H100s; the local entrypoint's parameters are CLI options."""
import modal

app = modal.App("llama-sft")
image = modal.Image.debian_slim().pip_install("torch", "transformers", "accelerate", "datasets")
GPU = "H100:8"


@app.function(gpu=GPU, image=image, timeout=6 * 3600)
def train(model_id: str, lr: float, epochs: int, dataset: str):
    import subprocess

    subprocess.run(
        ["accelerate", "launch", "--num_processes", "8", "--mixed_precision", "bf16", "sft.py",
         "--model_id", model_id, "--lr", str(lr), "--epochs", str(epochs), "--dataset", dataset],
        check=True,
    )


@app.local_entrypoint()
def main(model_id: str = "mistralai/Mistral-7B-v0.1", lr: float = 2e-5, epochs: int = 2,
         dataset: str = "HuggingFaceH4/ultrachat_200k"):
    train.remote(model_id, lr, epochs, dataset)
