import argparse
from uer.opts import model_opts, optimization_opts, training_opts
from uer.utils.config import load_hyperparam
from uer.trainer import train_and_validate


def main():
    parser = argparse.ArgumentParser(formatter_class=argparse.ArgumentDefaultsHelpFormatter)

    # Path options.
    parser.add_argument("--dataset_path", type=str, default="dataset.pt",
                        help="Path of the preprocessed dataset.")
    parser.add_argument("--vocab_path", default=None, type=str,
                        help="Path of the vocabulary file.")
    parser.add_argument("--pretrained_model_path", type=str, default=None,
                        help="Path of the pretrained model.")
    parser.add_argument("--output_model_path", type=str, required=True,
                        help="Path of the output model.")
    parser.add_argument("--config_path", type=str, default="models/bert/base_config.json",
                        help="Config file of model hyper-parameters.")

    # Training and saving options.
    parser.add_argument("--total_steps", type=int, default=100000,
                        help="Total training steps.")
    parser.add_argument("--save_checkpoint_steps", type=int, default=10000,
                        help="Specific steps to save model checkpoint.")
    parser.add_argument("--report_steps", type=int, default=100,
                        help="Specific steps to print prompt.")
    parser.add_argument("--batch_size", type=int, default=32,
                        help="Training batch size.")

    model_opts(parser)
    optimization_opts(parser)
    training_opts(parser)

    args = parser.parse_args()

    # Load hyper-parameters from the config file; the command line keeps its own values.
    args = load_hyperparam(args)

    train_and_validate(args)


if __name__ == "__main__":
    main()
