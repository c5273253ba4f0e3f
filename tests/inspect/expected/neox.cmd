python ./deepy.py train.py configs/125M.yml configs/local_setup.yml
