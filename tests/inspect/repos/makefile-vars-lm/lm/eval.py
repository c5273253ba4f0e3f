import argparse
p = argparse.ArgumentParser()
p.add_argument("--config")
