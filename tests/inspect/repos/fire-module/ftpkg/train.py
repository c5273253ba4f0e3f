# Sequence classification fine-tuning (fixture: fire.Fire over keyword-only defaults, run as a module).
import fire
from datasets import load_dataset
from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments


def train(
    *,
    model_name: str = "distilbert-base-uncased",
    dataset: str = "imdb",
    lr=5e-5,
    num_epochs: int = 3,
    batch_size: int = 16,
    max_len: int = 256,
):
    ds = load_dataset(dataset)
    model = AutoModelForSequenceClassification.from_pretrained(model_name, num_labels=2)
    args = TrainingArguments(output_dir="out", learning_rate=lr, num_train_epochs=num_epochs,
                             per_device_train_batch_size=batch_size, bf16=True)
    Trainer(model=model, args=args, train_dataset=ds["train"]).train()


if __name__ == "__main__":
    fire.Fire(train)
