lerobot-train \
  --policy.type=act \
  --dataset.repo_id=lerobot/aloha_sim_insertion_human \
  --batch_size=16 \
  --steps=50000 \
  --output_dir=outputs/train/act_insertion
