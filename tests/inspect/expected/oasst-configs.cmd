deepspeed trainer_sft.py --configs defaults oasst_export_eu pythia-12b --deepspeed
