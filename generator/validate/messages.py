"""One table of user wording for pydantic's error types ("expected X, got Y"), never raw tracebacks."""
from __future__ import annotations

from typing import Any

MAX_QUOTED = 200


def _got(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "...'"


def describe(error: dict) -> str:
    """Turn one pydantic error dict into a sentence; the location is added by the caller."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = _got(error.get("input"))
    field = str(error["loc"][-1]) if error.get("loc") else ""
    table = {
        "missing": f"required field '{field}' is missing",
        "extra_forbidden": f"unknown field '{field}'",
        "int_type": f"expected an integer, got {got}",
        "int_parsing": f"expected an integer, got {got}",
        "int_from_float": f"expected a whole number, got {got}",
        "float_type": f"expected a number, got {got}",
        "float_parsing": f"expected a number, got {got}",
        "bool_type": f"expected true or false, got {got}",
        "bool_parsing": f"expected true or false, got {got}",
        "string_type": f"expected text, got {got}",
        "dict_type": f"expected a mapping, got {got}",
        "model_type": f"expected a mapping, got {got}",
        "model_attributes_type": f"expected a mapping, got {got}",
        "list_type": f"expected a list, got {got}",
        "tuple_type": f"expected a list, got {got}",
        "too_short": f"expected at least {ctx.get('min_length')} item(s), got {ctx.get('actual_length')}",
        "too_long": f"expected at most {ctx.get('max_length')} item(s), got {ctx.get('actual_length')}",
        "string_too_short": "expected non-empty text",
        "string_too_long": f"text is longer than {ctx.get('max_length')} characters",
        "greater_than_equal": f"expected a number ≥ {ctx.get('ge')}, got {got}",
        "greater_than": f"expected a number > {ctx.get('gt')}, got {got}",
        "less_than_equal": f"expected a number ≤ {ctx.get('le')}, got {got}",
        "less_than": f"expected a number < {ctx.get('lt')}, got {got}",
        "literal_error": f"expected one of {ctx.get('expected')}, got {got}",
        "enum": f"expected one of {ctx.get('expected')}, got {got}",
        "string_pattern_mismatch": _pattern(ctx.get("pattern", ""), got),
    }
    if kind in table:
        return table[kind]
    message = error.get("msg", "invalid value")
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            message = message[len(prefix):]
    if len(message) > MAX_QUOTED:  # a validator that quotes the whole value: keep the start of it
        message = f"{message[:MAX_QUOTED]}… ({len(message) - MAX_QUOTED} more characters)"
    return message


def _pattern(pattern: str, got: str) -> str:
    if "a-z0-9" in pattern:
        return f"expected an id (lowercase letters, digits, '_' and '-'), got {got}"
    if "#[0-9a-fA-F]" in pattern:
        return f"expected a colour like '#1a2b3c', got {got}"
    if "[1-9][0-9]*(" in pattern:
        return f"expected a rule number like '4.2.1', got {got}"
    return f"expected text matching {pattern}, got {got}"
