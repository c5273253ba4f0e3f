# Entry point for dora to launch solvers for running training loops.
# See more info on how to use dora: https://github.com/facebookresearch/dora
import os

from dora import git_save, hydra_main, XP
import flashy
import torch

from . import solvers


def get_solver(cfg):
    return solvers.get_solver(cfg)


def init_seed_and_system(cfg):
    import numpy as np
    import random
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.num_threads)


@hydra_main(config_path='../config', config_name='config', version_base='1.1')
def main(cfg):
    init_seed_and_system(cfg)
    # Setup distributed: one process per GPU under `dora run -d`
    flashy.distrib.init()
    solver = get_solver(cfg)
    solver.restore()
    return solver.run()


if '_DORA_TEST_PATH' in os.environ:
    main.dora.dir = os.environ['_DORA_TEST_PATH']


if __name__ == '__main__':
    main()
