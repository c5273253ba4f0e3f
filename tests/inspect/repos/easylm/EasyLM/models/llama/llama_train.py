"""Trains LLaMA with JAX/Flax on a device mesh (fixture in the manner of EasyLM: flags defined with
mlxu.define_flags_with_default, dotted overrides such as --optimizer.adamw_optimizer.lr)."""
import jax
import jax.numpy as jnp
import flax
import optax
import mlxu

from EasyLM.models.llama.llama_model import LLaMAConfigurator, FlaxLLaMAForCausalLMModule

FLAGS, FLAGS_DEF = mlxu.define_flags_with_default(
    seed=42,
    mesh_dim='1,-1,1',
    dtype='fp32',
    param_dtype='fp32',
    total_steps=10000,
    load_llama_config='',
    update_llama_config='',
    load_checkpoint='',
    log_freq=50,
    save_model_freq=0,
)


def main(argv):
    llama_config = LLaMAConfigurator.finalize_config(FLAGS.llama)
    model = FlaxLLaMAForCausalLMModule(llama_config, dtype=jnp.float32)


if __name__ == "__main__":
    mlxu.run(main)
