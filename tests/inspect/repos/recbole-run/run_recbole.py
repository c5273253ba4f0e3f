import argparse

from recbole.quick_start import run

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", "-m", type=str, default="BPR", help="name of models")
    parser.add_argument("--dataset", "-d", type=str, default="ml-100k", help="name of datasets")
    parser.add_argument("--config_files", type=str, default=None, help="config files")
    parser.add_argument("--nproc", type=int, default=1, help="the number of process in this group")
    args, _ = parser.parse_known_args()
    config_file_list = args.config_files.strip().split(" ") if args.config_files else None
    run(args.model, args.dataset, config_file_list=config_file_list, nproc=args.nproc)
