"""Models of the EasyLM-style fixture."""
