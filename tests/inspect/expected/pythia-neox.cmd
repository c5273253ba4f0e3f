python ./deepy.py train.py -d configs pythia/1B.yml local_setup.yml
