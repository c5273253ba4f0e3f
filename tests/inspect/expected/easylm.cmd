python -m EasyLM.models.llama.llama_train \
    --mesh_dim='-1,64,1' \
    --dtype='fp32' \
    --total_steps=250000 \
    --load_llama_config='7b' \
    --optimizer.adamw_optimizer.lr=3e-4 \
    --train_dataset.type='json' \
    --train_dataset.json_dataset.path='/path/to/shuffled/redpajama/dataset'
