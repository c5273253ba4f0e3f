"""Pax (fixture)."""
