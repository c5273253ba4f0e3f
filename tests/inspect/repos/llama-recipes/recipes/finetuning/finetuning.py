# Thin entry beside the recipes: runs the package's fine-tuning main (fixture).
import fire

from llama_cookbook.finetuning import main

if __name__ == "__main__":
    fire.Fire(main)
