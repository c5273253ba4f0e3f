# Pre-trains Mixtral 8x7B from a NeMo 2 recipe on several nodes, setting the parallel layout on the
# recipe's Megatron strategy (own fixture).
import nemo_run as run
from nemo.collections import llm


def configure_recipe(nodes: int = 4, gpus_per_node: int = 8):
    recipe = llm.mixtral_8x7b.pretrain_recipe(
        dir="/checkpoints/mixtral",
        name="mixtral_pretraining",
        num_nodes=nodes,
        num_gpus_per_node=gpus_per_node,
    )
    recipe.trainer.strategy.tensor_model_parallel_size = 4
    recipe.trainer.strategy.pipeline_model_parallel_size = 2
    recipe.trainer.max_steps = 2000
    recipe.data.micro_batch_size = 1
    recipe.data.global_batch_size = 256
    return recipe


def slurm_executor(nodes: int) -> run.SlurmExecutor:
    return run.SlurmExecutor(account="proj", partition="gpu", nodes=nodes, ntasks_per_node=8)


def main():
    recipe = configure_recipe()
    run.run(recipe, executor=slurm_executor(recipe.trainer.num_nodes), name="mixtral_8x7b_pretraining")


if __name__ == "__main__":
    main()
