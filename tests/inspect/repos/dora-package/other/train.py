# a script of another folder: not the one dora runs
import argparse
p = argparse.ArgumentParser()
p.add_argument("--lr", type=float, default=0.1)
print(p.parse_args())
