# toolkit/job.py - load a job config and build the job its `job:` key names
import yaml


def get_job(path, name=None):
    with open(path) as f:
        config = yaml.safe_load(f)
    if config["job"] == "extension":
        from jobs.ExtensionJob import ExtensionJob
        return ExtensionJob(config)
    raise ValueError(f"unknown job {config['job']}")
