# Entry point that turns on the fast attention kernel before training (own fixture).
from fastchat.train.train import train

if __name__ == "__main__":
    train(attn_implementation="flash_attention_2")
