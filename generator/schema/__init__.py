"""Pydantic models of the game documents exactly as written in cards_data/ (strict: unknown fields refused)."""
from generator.schema.game import GameData

__all__ = ["GameData"]
