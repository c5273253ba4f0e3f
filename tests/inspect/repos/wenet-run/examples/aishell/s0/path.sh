export PYTHONPATH=../../../:$PYTHONPATH
