"""Argparse front end."""
import argparse


def cli_main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data")
    parser.add_argument("--arch", "-a", default="transformer")
    parser.add_argument("--lr", default="0.25")
    parser.parse_args()
