# jobs/ExtensionJob.py - runs the processes of a job config in order
from jobs.process.SDTrainer import SDTrainer


class ExtensionJob:
    def __init__(self, config):
        self.config = config["config"]
        self.processes = [SDTrainer(i, self, p) for i, p in enumerate(self.config["process"])]

    def run(self):
        for p in self.processes:
            p.run()

    def cleanup(self):
        pass
