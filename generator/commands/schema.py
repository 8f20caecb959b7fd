"""Write the JSON Schema of a game's data (for editor completion and checks)."""
from __future__ import annotations

import json
from pathlib import Path

from generator.commands.common import print_json
from generator.console import out_console
from generator.schema.json_schema import game_json_schema
from generator.write.atomic import write_text_atomic

HELP = "write the JSON Schema of the game data"


def add_arguments(parser) -> None:
    parser.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")


def run(args) -> int:
    schema = game_json_schema()
    if args.output is None:
        print_json(schema)
        return 0
    write_text_atomic(args.output, json.dumps(schema, ensure_ascii=False, indent=2) + "\n")
    out_console().print(f"wrote {args.output}")
    return 0
