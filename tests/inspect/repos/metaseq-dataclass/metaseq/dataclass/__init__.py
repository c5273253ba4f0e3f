from .configs import MetaseqDataclass
