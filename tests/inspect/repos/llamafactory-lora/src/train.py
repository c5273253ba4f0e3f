"""Run the trainer without the CLI: python src/train.py CONFIG.yaml"""
from llamafactory.train.tuner import run_exp


def main():
    run_exp()


if __name__ == "__main__":
    main()
