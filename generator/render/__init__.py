"""Backends that draw a layout Scene: PDF (reportlab, ``render.pdf``) for printing, SVG (svgwrite,
``render.svg``) for the web.

Both take the same Scene in millimetres, so tests can read one output back and expect the other to
match; fonts come from one registry (fonts.py) that embeds only the DejaVu files shipped in generator/fonts.
Import the backend you need (``from generator.render.pdf import render_pdf``): a print does not load
svgwrite, a board SVG does not load reportlab.
"""
