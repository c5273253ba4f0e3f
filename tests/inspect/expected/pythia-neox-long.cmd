python ./deepy.py train.py --conf_dir configs local_setup.yml pythia/1B.yml
