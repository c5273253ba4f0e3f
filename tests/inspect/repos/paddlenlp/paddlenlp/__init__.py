"""PaddleNLP-style fixture package."""
