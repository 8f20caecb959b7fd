"""Helpers the designer tests share."""
from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium


def pdf_text(path: Path) -> str:
    """Every page's text of a PDF, as pdfium extracts it."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
