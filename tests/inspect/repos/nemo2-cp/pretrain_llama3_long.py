# Continues pre-training Llama 3 8B at a 16k context with NeMo 2: the trainer and its Megatron
# strategy built directly in the script (own fixture).
import nemo_run as run
from nemo import lightning as nl
from nemo.collections import llm


def recipe(nodes: int = 2, gpus_per_node: int = 8):
    rec = llm.llama3_8b.pretrain_recipe(
        dir="/scratch/ckpt/llama3_16k",
        name="llama3_8b_16k",
        num_nodes=nodes,
        num_gpus_per_node=gpus_per_node,
    )
    rec.trainer.strategy = run.Config(
        nl.MegatronStrategy,
        tensor_model_parallel_size=2,
        pipeline_model_parallel_size=1,
        context_parallel_size=4,
        sequence_parallel=True,
    )
    rec.data.seq_length = 16384
    rec.data.micro_batch_size = 1
    rec.data.global_batch_size = 32
    rec.trainer.max_steps = 500
    return rec


if __name__ == "__main__":
    r = recipe()
    run.run(r, executor=run.LocalExecutor(ntasks_per_node=8, launcher="torchrun"))
