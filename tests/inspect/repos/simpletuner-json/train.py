# Entry point: reads the settings and runs the trainer.
from helpers.configuration.loader import load_config
from helpers.training.trainer import Trainer


def main():
    config = load_config()
    trainer = Trainer(config)
    trainer.train()


if __name__ == "__main__":
    main()
