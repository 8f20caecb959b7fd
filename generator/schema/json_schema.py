"""JSON Schema export of the game data model, for editors (yaml-language-server) and other tools."""
from __future__ import annotations

from generator.schema.game import GameData


def game_json_schema() -> dict:
    schema = GameData.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "pnpforge game data (all YAML files of one game, merged)"
    return schema
