"""`tune run [TORCHRUN-OPTIONS] RECIPE --config CONFIG [KEY=VALUE ...]`: finds the recipe in recipes/
and the config in recipes/configs/ by name, or the file itself when --config names one that exists, then runs the recipe (under torchrun when --nproc_per_node is given)."""
import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent.parent


class Run:
    def __init__(self, subparsers):
        self._parser = subparsers.add_parser("run")
        self._parser.add_argument("--nproc_per_node", type=int, default=None)
        self._parser.add_argument("recipe")
        self._parser.set_defaults(func=self._run_cmd)

    def _run_cmd(self, args):
        recipe = ROOT / "recipes" / f"{args.recipe}.py"
        sys.argv = [str(recipe)] + sys.argv[3:]
        runpy.run_path(str(recipe), run_name="__main__")
