# Behaviour cloning's settings.
from robomimic.config.base_config import BaseConfig


class BCConfig(BaseConfig):
    ALGO_NAME = "bc"

    def algo_config(self):
        self.algo.optim_params.policy.learning_rate.initial = 1e-4
        self.algo.optim_params.policy.learning_rate.decay_factor = 0.1
        self.algo.optim_params.policy.regularization.L2 = 0.00
        self.algo.actor_layer_dims = (1024, 1024)
        self.algo.gmm.enabled = False
        self.algo.rnn.enabled = False
