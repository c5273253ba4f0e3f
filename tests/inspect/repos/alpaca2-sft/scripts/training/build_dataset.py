import datasets


def build_instruction_dataset(data_path, tokenizer, max_seq_length):
    return datasets.load_dataset("json", data_files=data_path)["train"]
