import datasets


def get_dataset(args):
    if args.dataset_name:
        return datasets.load_dataset(args.dataset_name, args.dataset_config)
    mixture = args.dataset_mixture
    parts = [datasets.load_dataset(d["id"], d.get("config"), split=d.get("split", "train")) for d in mixture["datasets"]]
    return datasets.concatenate_datasets(parts)
