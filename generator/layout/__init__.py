"""Pages from planned items: imposition (n-up grids, duplex backs, fold-over), crop and registration
marks, sheets, boards and poster tiling — in millimetres, as Scenes for the render backends.

Nothing here imports reportlab, svgwrite or touches files (tests/layout/test_layout_purity.py checks it)."""
