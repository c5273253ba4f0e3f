import re

CHART_QA = {"annotation_path": "/data/chartqa/train.json", "data_path": "/data/chartqa/images"}
DOC_VQA = {"annotation_path": "/data/docvqa/train.json", "data_path": "/data/docvqa/images"}

data_dict = {
    "chart_qa": CHART_QA,
    "doc_vqa": DOC_VQA,
}


def parse_sampling_rate(name):
    m = re.search(r"%(\d+)$", name)
    return int(m.group(1)) / 100.0 if m else 1.0


def data_list(names):
    out = []
    for name in names:
        rate = parse_sampling_rate(name)
        cfg = dict(data_dict[re.sub(r"%(\d+)$", "", name)])
        cfg["sampling_rate"] = rate
        out.append(cfg)
    return out
