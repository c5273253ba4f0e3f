deepspeed trainer_rm.py --configs defaults_rm,use_system_tag oasst-rm-1-pythia-1.4b --deepspeed --num_train_epochs 3
