from my_project.callbacks import *  # noqa: F401,F403
