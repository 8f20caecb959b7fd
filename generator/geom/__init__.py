"""Pure geometry in millimetres (origin top-left, y down): units, shapes, hexes, paper and card sizes, and
the Scene of immutable primitives that every later phase builds and the render backends draw.

The lowest layer of the pipeline: it imports nothing else of the package, no drawing library and no file
or OS access (tests/layout/test_layout_purity.py and tests/architecture/test_import_order.py check it)."""
