# Settings shared by every run script of the project (own fixture).
export LR=5e-4
export DATA_PATH=/data/c4_en
MAX_STEPS=20000
