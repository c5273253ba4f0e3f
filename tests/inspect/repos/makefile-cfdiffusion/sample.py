import argparse
parser = argparse.ArgumentParser()
parser.add_argument("--w", type=float, default=1.8)
parser.add_argument("--epoch", type=int, default=1000)
