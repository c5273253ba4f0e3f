from recbole.quick_start.quick_start import run
