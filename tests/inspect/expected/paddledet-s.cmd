python tools/train.py -c configs/ppyoloe/ppyoloe_crn_s_300e_voc.yml -o TrainReader.batch_size=16 LearningRate.base_lr=0.01 --eval
