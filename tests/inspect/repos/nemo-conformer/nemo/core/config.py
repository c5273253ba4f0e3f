# Fixture: the hydra_runner decorator (Hydra main with NeMo defaults).
import hydra


def hydra_runner(config_path=None, config_name=None):
    return hydra.main(config_path=config_path, config_name=config_name)
