"""Writes the raw data as JSON lines."""
import argparse

p = argparse.ArgumentParser()
p.add_argument("--raw", required=True)
args = p.parse_args()
