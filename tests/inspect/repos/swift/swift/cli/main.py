"""swift CLI: `swift sft ...` runs swift/cli/sft.py (through torchrun when NPROC_PER_NODE is set)."""
import importlib.util
import os
import subprocess
import sys

ROUTE_MAPPING = {
    'pt': 'swift.cli.pt',
    'sft': 'swift.cli.sft',
    'rlhf': 'swift.cli.rlhf',
}


def cli_main():
    argv = sys.argv[1:]
    method_name = argv[0].replace('_', '-')
    argv = argv[1:]
    file_path = importlib.util.find_spec(ROUTE_MAPPING[method_name]).origin
    python_cmd = sys.executable
    nproc = os.environ.get('NPROC_PER_NODE')
    if nproc:
        args = [python_cmd, '-m', 'torch.distributed.run', '--nproc_per_node', nproc, file_path, *argv]
    else:
        args = [python_cmd, file_path, *argv]
    result = subprocess.run(args)
    sys.exit(result.returncode)


if __name__ == '__main__':
    cli_main()
