"""Sentence-embedding fine-tuning; settings from .env.train, which wins over the environment."""
import os

from dotenv import load_dotenv
from sentence_transformers import SentenceTransformer

load_dotenv(".env.train", override=True)

BASE = os.environ.get("BASE_MODEL", "sentence-transformers/all-MiniLM-L6-v2")
EPOCHS = int(os.environ.get("EPOCHS", "1"))
BATCH = int(os.environ.get("BATCH", "64"))

model = SentenceTransformer(BASE)
