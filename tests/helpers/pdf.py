"""The papers read back as a reader would: a PDF's text through Qt's own PDF engine (QtPdf, shipped with
PySide6, so no system tool such as pdftotext), and text with its whitespace as a reader gives it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtPdf import QPdfDocument


def pdf_text(path: str | Path) -> str:
    """Every page's text, whitespace collapsed; asserts the file is a PDF with at least one page."""
    assert Path(path).read_bytes().startswith(b"%PDF-"), f"{path} is not a PDF"
    doc = QPdfDocument()
    assert doc.load(str(path)) == QPdfDocument.Error.None_
    assert doc.pageCount() >= 1
    text = "\n".join(doc.getAllText(page).text() for page in range(doc.pageCount()))
    doc.close()
    return " ".join(text.split())


def norm(text: str) -> str:
    """Whitespace as a PDF reader gives it back: a no-break space is a space."""
    return " ".join(text.split())
