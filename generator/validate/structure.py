"""Runs the schema over a merged game and turns pydantic's errors into file:line Issues."""
from __future__ import annotations

import difflib
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.errors import DataErrors, Issue
from generator.load.discover import RawGame
from generator.schema.base import document_context
from generator.schema.game import GameData
from generator.validate.messages import describe


def parse_game(raw: RawGame) -> GameData:
    """Validate the raw data against the schema; raise DataErrors with every problem located."""
    try:
        return GameData.model_validate(raw.data, context=document_context(raw.data))
    except ValidationError as exc:
        raise DataErrors(schema_issues(raw, exc.errors(include_url=False))) from None


def schema_issues(raw: RawGame, errors: list[dict]) -> list[Issue]:
    issues: dict[tuple, Issue] = {}
    for error in errors:
        path = data_path(raw.data, error["loc"], error["type"])
        hint = ""
        if error["type"] == "extra_forbidden":
            hint = _did_you_mean(path)
            span = raw.key_span(path)
        else:
            span = raw.span(path)
        issue = Issue(span, format_path(path), describe(error), hint=hint, code="schema", game=raw.game_id)
        issues.setdefault((span, issue.path, issue.message), issue)
    return list(issues.values())


def data_path(data: Any, loc: tuple, kind: str) -> tuple:
    """Keep the parts of a pydantic location that exist in the data (drops union-branch tags)."""
    path: list = []
    node = data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            node = node[part]
            path.append(part)
        elif isinstance(node, dict) and isinstance(part, str) and part.isdigit() and int(part) in node:
            node = node[int(part)]
            path.append(int(part))
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(part)
        elif kind == "missing" and i == len(loc) - 1:
            path.append(part)
    return tuple(path)


def format_path(path: tuple) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _did_you_mean(path: tuple) -> str:
    model = _model_at(GameData, path[:-1])
    if model is None:
        return ""
    close = difflib.get_close_matches(str(path[-1]), list(model.model_fields), n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return "allowed: " + ", ".join(model.model_fields)


def _model_at(model: type[BaseModel], path: tuple) -> type[BaseModel] | None:
    current: Any = model
    for part in path:
        current = _unwrap(current)
        if isinstance(part, int):
            continue
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(part)
            if field is None:
                return None
            current = field.annotation
        else:
            current = _unwrap(current)
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(tp: Any) -> Any:
    """Strip Optional/list/dict/Annotated wrappers down to the model class they hold, if any."""
    for _ in range(6):
        origin = typing.get_origin(tp)
        if origin is typing.Annotated or origin in (list, tuple):
            tp = typing.get_args(tp)[0]
        elif origin is dict:
            tp = typing.get_args(tp)[1]
        elif origin in (typing.Union, types.UnionType):
            models = [a for a in typing.get_args(tp) if isinstance(a, type) and issubclass(a, BaseModel)]
            others = [a for a in typing.get_args(tp) if a is not type(None)]
            tp = models[0] if models else others[0]
        else:
            break
    return tp
