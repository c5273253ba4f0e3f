import argparse
parser = argparse.ArgumentParser()
parser.add_argument("--config")
