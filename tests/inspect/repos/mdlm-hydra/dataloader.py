"""Text datasets by name (openwebtext, wikitext103, lm1b, ...) and the tokenizer."""
import datasets
import transformers


def get_tokenizer(config):
    return transformers.AutoTokenizer.from_pretrained(config.data.tokenizer_name_or_path)


def get_dataset(dataset_name, tokenizer, wrap, mode, cache_dir, block_size=1024, streaming=False):
    if dataset_name == 'wikitext103':
        dataset = datasets.load_dataset('wikitext', name='wikitext-103-raw-v1', cache_dir=cache_dir)
    elif dataset_name == 'openwebtext-train':
        dataset = datasets.load_dataset('openwebtext', split='train[:-100000]', cache_dir=cache_dir, streaming=streaming)
    elif dataset_name == 'openwebtext-valid':
        dataset = datasets.load_dataset('openwebtext', split='train[-100000:]', cache_dir=cache_dir, streaming=streaming)
    else:
        dataset = datasets.load_dataset(dataset_name, cache_dir=cache_dir, streaming=streaming)
    return dataset


def get_dataloaders(config, tokenizer):
    train_set = get_dataset(config.data.train, tokenizer, mode='train', wrap=config.data.wrap,
                            cache_dir=config.data.cache_dir, block_size=config.model.length)
    valid_set = get_dataset(config.data.valid, tokenizer, wrap=config.data.wrap, mode='validation',
                            cache_dir=config.data.cache_dir, block_size=config.model.length)
    return train_set, valid_set
