# train.py - a GPT-2 fine-tune with jsonargparse options and a config file action
from jsonargparse import ActionConfigFile, ArgumentParser
from transformers import AutoModelForCausalLM


def main():
    p = ArgumentParser()
    p.add_argument("--cfg", action=ActionConfigFile, help="a YAML of options")
    p.add_argument("--model", type=str, default="gpt2")
    p.add_argument("--batch_size", type=int, default=4)
    p.add_argument("--lr", type=float, default=5e-5)
    p.add_argument("--max_steps", type=int, default=1000)
    a = p.parse_args()
    model = AutoModelForCausalLM.from_pretrained(a.model)


if __name__ == "__main__":
    main()
