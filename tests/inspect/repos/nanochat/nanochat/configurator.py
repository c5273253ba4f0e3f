# Overrides the caller's globals from --key=value arguments (fixture; executed with exec()).
import sys
from ast import literal_eval

for arg in sys.argv[1:]:
    if arg.startswith("--") and "=" in arg:
        key, val = arg[2:].split("=", 1)
        if key in globals():
            try:
                attempt = literal_eval(val)
            except (SyntaxError, ValueError):
                attempt = val
            globals()[key] = attempt
