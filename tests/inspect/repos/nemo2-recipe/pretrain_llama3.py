# Pre-trains Llama 3 8B from a NeMo 2 recipe, changing a few fields of it (own fixture).
import nemo_run as run
from nemo.collections import llm


def configure_recipe(nodes: int = 1, gpus_per_node: int = 8):
    recipe = llm.llama3_8b.pretrain_recipe(
        dir="/checkpoints/llama3",
        name="llama3_pretraining",
        num_nodes=nodes,
        num_gpus_per_node=gpus_per_node,
    )
    recipe.trainer.max_steps = 100
    recipe.trainer.val_check_interval = 100
    recipe.data.global_batch_size = 128
    recipe.data.seq_length = 8192
    recipe.optim.config.lr = 3e-4
    return recipe


def local_executor_torchrun(nodes: int = 1, devices: int = 8) -> run.LocalExecutor:
    return run.LocalExecutor(ntasks_per_node=devices, launcher="torchrun")


def run_pretraining():
    recipe = configure_recipe()
    executor = local_executor_torchrun(nodes=recipe.trainer.num_nodes, devices=recipe.trainer.devices)
    run.run(recipe, executor=executor, name="llama3_8b_pretraining")


if __name__ == "__main__":
    run_pretraining()
