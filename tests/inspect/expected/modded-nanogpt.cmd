./run.sh
