from torchtitan.config.job_config import JobConfig
