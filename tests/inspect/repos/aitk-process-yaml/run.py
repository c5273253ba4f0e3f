# run.py - run every job config named on the command line (YAML or JSON)
import argparse
import sys

from toolkit.job import get_job


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("config_file_list", nargs="+", type=str, help="job config files (yaml/json)")
    parser.add_argument("-r", "--recover", action="store_true", help="continue with the next job on failure")
    parser.add_argument("-n", "--name", type=str, default=None, help="replace [name] in the config")
    args = parser.parse_args()
    for path in args.config_file_list:
        job = get_job(path, args.name)
        job.run()
        job.cleanup()


if __name__ == "__main__":
    main()
