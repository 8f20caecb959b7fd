"""Backends that draw a layout Scene: PDF (reportlab) for printing, SVG (svgwrite) for the web.

Both take the same Scene in millimetres, so tests can read one output back and expect the other to
match; fonts come from one registry (fonts.py) that embeds only the DejaVu files shipped in generator/fonts.
"""
from .pdf import render_pdf
from .svg import render_svg, render_svg_pages

__all__ = ["render_pdf", "render_svg", "render_svg_pages"]
