"""Safe evaluation of setup formulas in N (player count): integers, + - * //, min, max, parentheses."""
from __future__ import annotations

import ast

ALLOWED_CALLS = {"min": min, "max": max}


class FormulaError(ValueError):
    """A formula that is not a plain arithmetic expression in N."""


def parse_formula(text: str) -> ast.Expression:
    if len(text) > 200:
        raise FormulaError("formula longer than 200 characters")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise FormulaError(f"not an arithmetic expression ({exc.msg})") from None
    for node in ast.walk(tree):
        if isinstance(node, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Add, ast.Sub, ast.Mult, ast.FloorDiv,
                             ast.USub, ast.UAdd, ast.Load)):
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            if abs(node.value) > 10**6:
                raise FormulaError("numbers in formulas are limited to ±1000000")
            continue
        if isinstance(node, ast.Name) and node.id in ("N", *ALLOWED_CALLS):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ALLOWED_CALLS \
                and not node.keywords:
            continue
        what = type(node).__name__
        raise FormulaError(f"'{what}' is not allowed; use integers, N, + - * //, min(), max()")
    return tree


def evaluate(text: str, players: int) -> int:
    """Value of the formula for ``players`` players."""
    return _eval(parse_formula(text).body, players)


def _eval(node: ast.AST, n: int) -> int:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id == "N":
            return n
        raise FormulaError(f"'{node.id}' is a function, call it")
    if isinstance(node, ast.UnaryOp):
        value = _eval(node.operand, n)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left, n), _eval(node.right, n)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            if abs(left) > 10**6 or abs(right) > 10**6:
                raise FormulaError("formula value too large")
            return left * right
        if right == 0:
            raise FormulaError("division by zero")
        return left // right
    if isinstance(node, ast.Call):
        args = [_eval(a, n) for a in node.args]
        if not args:
            raise FormulaError(f"{node.func.id}() needs arguments")
        return ALLOWED_CALLS[node.func.id](*args)
    raise FormulaError("unsupported expression")
