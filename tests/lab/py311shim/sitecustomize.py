# sitecustomize.py - Python 3.11 compatibility shim for Debian's python3-torch 1.13 (test lab only).
#
# What: put this directory on PYTHONPATH; at interpreter start-up it installs an import hook that
# patches two torch 1.13 source lines (in memory, at import time) that break under Python 3.11:
#   1. torch.distributed.elastic.multiprocessing.api: `Std.from_str()` loops `for s in Std:`, but
#      3.11's IntFlag iteration skips the zero member NONE and the alias ALL, so torchrun /
#      `python -m torch.distributed.run` die with "AttributeError: 'NoneType' object has no
#      attribute 'get'" in to_map(). Rewritten to iterate the four members explicitly.
#   2. torch.distributed._shard.sharded_tensor.metadata: `field(default=TensorProperties())` is a
#      mutable dataclass default, which 3.11 rejects ("ValueError: mutable default ... use
#      default_factory"), so `import torch.distributed.fsdp` fails. Rewritten to default_factory.
# Which torch: 1.13.x (fixed upstream in torch 2.0). With any other version the target lines are
# absent and the hook changes nothing. Nothing is written to disk.
# It then runs the next sitecustomize on sys.path (Debian's, which installs apport's hook), if any, and,
# when MAPLE_LAB_ZYGOTE is set, hands the mini-app and torchrun to the lab's torch starter (../zygote.py).
import importlib.machinery
import importlib.util
import os
import sys

_PATCHES = {
    "torch.distributed.elastic.multiprocessing.api":
        ("for s in Std:", "for s in (Std.NONE, Std.OUT, Std.ERR, Std.ALL):"),
    "torch.distributed._shard.sharded_tensor.metadata":
        ("field(default=TensorProperties())", "field(default_factory=TensorProperties)"),
}


class _PatchingLoader(importlib.machinery.SourceFileLoader):
    """Compiles the patched source (never the cached bytecode, which has the unpatched code)."""

    def get_code(self, fullname):
        source = self.get_source(fullname)
        old, new = _PATCHES[fullname]
        return compile(source.replace(old, new), self.path, "exec", dont_inherit=True)


class _PatchingFinder:
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname not in _PATCHES:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            return spec
        with open(spec.origin, encoding="utf-8") as f:
            if _PATCHES[fullname][0] not in f.read():
                return spec  # another torch version: leave it alone
        spec.loader = _PatchingLoader(fullname, spec.origin)
        return spec


if not any(getattr(f, "__name__", "") == "_PatchingFinder" for f in sys.meta_path):
    sys.meta_path.insert(0, _PatchingFinder)


def _chain_next_sitecustomize():
    here = os.path.dirname(os.path.realpath(__file__))
    entries = [p for p in sys.path if os.path.realpath(p or os.getcwd()) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", entries)
    if spec is None or spec.origin is None or os.path.realpath(spec.origin) == os.path.realpath(__file__):
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["_maple_chained_sitecustomize"] = module
    spec.loader.exec_module(module)


try:
    _chain_next_sitecustomize()
except Exception as e:  # never break interpreter start-up
    sys.stderr.write(f"py311shim: chained sitecustomize failed: {type(e).__name__}: {e}\n")


# The lab's torch starter (tests/lab/zygote.py): the mini-app and torchrun run as forks of a process that has
# imported torch once; the call returns (a normal start) when the zygote is off, absent or cannot take it.
def _maple_lab_zygote():
    if not os.environ.get("MAPLE_LAB_ZYGOTE"):
        return
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "zygote.py")
    spec = importlib.util.spec_from_file_location("_maple_lab_zygote", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.handoff()


try:
    _maple_lab_zygote()
except Exception as e:  # never break interpreter start-up
    sys.stderr.write(f"py311shim: zygote hand-off failed: {type(e).__name__}: {e}\n")
