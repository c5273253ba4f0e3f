"""EasyLM-style fixture package."""
