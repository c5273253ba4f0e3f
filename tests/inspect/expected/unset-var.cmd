bash launch.sh
