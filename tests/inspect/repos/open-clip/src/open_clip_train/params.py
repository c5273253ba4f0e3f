import argparse


def get_default_params(model_name):
    model_name = model_name.lower()
    if "vit" in model_name:
        return {"lr": 5.0e-4, "beta1": 0.9, "beta2": 0.98, "eps": 1.0e-6}
    return {"lr": 5.0e-4, "beta1": 0.9, "beta2": 0.999, "eps": 1.0e-8}


def parse_args(args):
    parser = argparse.ArgumentParser()
    parser.add_argument("--train-data", type=str, default=None, help="Path to file(s) with training data.")
    parser.add_argument("--train-num-samples", type=int, default=None)
    parser.add_argument("--dataset-type", choices=["webdataset", "csv", "synthetic", "auto"], default="auto")
    parser.add_argument("--workers", type=int, default=4, help="Number of dataloader workers per GPU.")
    parser.add_argument("--batch-size", type=int, default=64, help="Batch size per GPU.")
    parser.add_argument("--epochs", type=int, default=32, help="Number of epochs to train for.")
    parser.add_argument("--lr", type=float, default=None, help="Learning rate.")
    parser.add_argument("--wd", type=float, default=0.2, help="Weight decay.")
    parser.add_argument("--warmup", type=int, default=10000, help="Number of steps to warmup for.")
    parser.add_argument("--precision", choices=["amp", "amp_bf16", "amp_bfloat16", "bf16", "fp16", "fp32"], default="amp")
    parser.add_argument("--model", type=str, default="RN50", help="Name of the vision backbone to use.")
    parser.add_argument("--pretrained", default="", type=str)
    parser.add_argument("--report-to", default="", type=str)
    args = parser.parse_args(args)
    default_params = get_default_params(args.model)
    for name, val in default_params.items():
        if getattr(args, name) is None:
            setattr(args, name, val)
    return args
