import os


def get_cfgs_name_path():
    path = os.path.dirname(__file__)
    mapping = {}
    for root, dirs, files in os.walk(path):
        for file_path in files:
            if file_path.endswith('.py') and not file_path.startswith('.') and not file_path.startswith('_'):
                mapping[os.path.splitext(file_path)[0]] = os.path.join(root, file_path)
    return mapping


cfgs_name_path = get_cfgs_name_path()
