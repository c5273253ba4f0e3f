python3 ./train.py --dataset-config ./configs/dataset.json --model-config ./configs/model.json --name audio_dit --num-gpus 4 --batch-size 16
