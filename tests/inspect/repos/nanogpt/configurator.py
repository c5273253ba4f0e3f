"""Poor man's configurator: python train.py config/x.py --batch_size=32 (exec'd over globals)."""
import sys
from ast import literal_eval

for arg in sys.argv[1:]:
    if '=' not in arg:
        config_file = arg
        exec(open(config_file).read())
    else:
        key, val = arg.split('=')
        key = key[2:]
        globals()[key] = literal_eval(val)
