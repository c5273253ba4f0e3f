class _Device:
  DEFAULT = "CUDA"
Device = _Device()
