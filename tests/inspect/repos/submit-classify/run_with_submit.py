# A script to run multinode training with submitit.
import argparse
import os
import uuid

import main as classification
import submitit


def parse_args():
    classification_parser = classification.get_args_parser()
    parser = argparse.ArgumentParser("Submitit for classification", parents=[classification_parser])
    parser.add_argument("--ngpus", default=8, type=int, help="Number of gpus to request on each node")
    parser.add_argument("--nodes", default=2, type=int, help="Number of nodes to request")
    parser.add_argument("--timeout", default=2800, type=int, help="Duration of the job")
    parser.add_argument("--job_dir", default="", type=str)
    parser.add_argument("--partition", default="learnfair", type=str)
    return parser.parse_args()


class Trainer(object):
    def __init__(self, args):
        self.args = args

    def __call__(self):
        import main as classification
        job_env = submitit.JobEnvironment()
        self.args.gpu = job_env.local_rank
        classification.main(self.args)


def main():
    args = parse_args()
    executor = submitit.AutoExecutor(folder=args.job_dir, slurm_max_num_timeout=30)
    executor.update_parameters(gpus_per_node=args.ngpus, tasks_per_node=args.ngpus, nodes=args.nodes,
                               timeout_min=args.timeout, slurm_partition=args.partition)
    args.dist_url = "file://" + os.path.join(args.job_dir, uuid.uuid4().hex + "_init")
    job = executor.submit(Trainer(args))
    print("Submitted job_id:", job.job_id)


if __name__ == "__main__":
    main()
