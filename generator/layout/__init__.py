"""Pure geometry in millimetres (origin top-left, y down): paper, imposition, marks, hexes, text fitting
and the Scene that the render backends draw.

Nothing here imports reportlab, svgwrite or touches files (tests/layout/test_layout_purity.py checks it),
so every layout decision can be tested quickly and exactly.
"""
