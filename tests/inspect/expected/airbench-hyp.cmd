python airbench94.py
