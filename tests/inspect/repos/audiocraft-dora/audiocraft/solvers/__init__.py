from .musicgen import MusicGenSolver


def get_solver(cfg):
    klass = {'musicgen': MusicGenSolver}[cfg.solver]
    return klass(cfg)
