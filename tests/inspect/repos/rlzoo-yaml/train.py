from rl_zoo3.train import train

if __name__ == "__main__":
    train()
