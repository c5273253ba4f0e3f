# Submits main_pretrain.py to Slurm through submitit: one task per GPU on each node.
import argparse
import os
import uuid
from pathlib import Path

import main_pretrain as trainer
import submitit


def parse_args():
    trainer_parser = trainer.get_args_parser()
    parser = argparse.ArgumentParser("Submitit for FCMAE pretrain", parents=[trainer_parser])
    parser.add_argument("--ngpus", default=8, type=int, help="Number of gpus to request on each node")
    parser.add_argument("--nodes", default=2, type=int, help="Number of nodes to request")
    parser.add_argument("--timeout", default=4320, type=int, help="Duration of the job")
    parser.add_argument("--job_dir", default="", type=str, help="Job dir. Leave empty for automatic.")
    parser.add_argument("--partition", default="learnfair", type=str, help="Partition where to submit")
    parser.add_argument("--comment", default="", type=str)
    return parser.parse_args()


class Trainer(object):
    def __init__(self, args):
        self.args = args

    def __call__(self):
        import main_pretrain as trainer
        self._setup_gpu_args()
        trainer.main(self.args)

    def _setup_gpu_args(self):
        job_env = submitit.JobEnvironment()
        self.args.output_dir = Path(str(self.args.output_dir).replace("%j", str(job_env.job_id)))
        self.args.gpu = job_env.local_rank
        self.args.rank = job_env.global_rank
        self.args.world_size = job_env.num_tasks


def main():
    args = parse_args()
    if args.job_dir == "":
        args.job_dir = "/checkpoint/experiments/%j"
    executor = submitit.AutoExecutor(folder=args.job_dir, slurm_max_num_timeout=30)
    executor.update_parameters(mem_gb=40 * args.ngpus, gpus_per_node=args.ngpus, tasks_per_node=args.ngpus,
                               cpus_per_task=10, nodes=args.nodes, timeout_min=args.timeout,
                               slurm_partition=args.partition, slurm_signal_delay_s=120)
    executor.update_parameters(name="fcmae")
    args.dist_url = "file://" + os.path.join(args.job_dir, uuid.uuid4().hex + "_init")
    args.output_dir = args.job_dir
    job = executor.submit(Trainer(args))
    print("Submitted job_id:", job.job_id)


if __name__ == "__main__":
    main()
