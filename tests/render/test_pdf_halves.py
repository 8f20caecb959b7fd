"""A long PDF is written in halves: a forked child draws the second half while this process draws the first.
The file must be the one this process writes alone, whatever the pages hold; a child that meets anything
it cannot hand back (a new character, a new face) gives up and the pages are drawn here."""
from __future__ import annotations

import os

import pytest

from generator import forked
from generator.geom.scene import Page, RectItem, TextItem
from generator.geom.shapes import Rect, Size
from generator.render import pdf as backend


def _pages(n: int, late: str = "", late_font: str = "DejaVuSansCondensed") -> list:
    """Page makers (as imposition makes them): a text and a frame each; ``late`` is set on the last page."""
    def maker(k: int):
        def make() -> Page:
            # each page brings characters of its own (later pages: ones no earlier page drew)
            text = f"Karta {k}: żółw — „ość” · 3× {backend.PRESEED[k % 90]}" + (f" {late}" if late and k == n - 1 else "")
            font = late_font if k == n - 1 else "DejaVuSansCondensed"
            return Page(Size(80, 60), (RectItem(Rect(2, 2, 76, 56), fill="#eeeeee", stroke="#333333", stroke_pt=0.3),
                                       TextItem(5, 10, text, font=font)), label=f"strona {k + 1}")
        return make
    return [maker(k) for k in range(n)]


@pytest.fixture
def halves(monkeypatch):
    """Forking allowed (a test runner may have threads), the forks counted, the pages added from a child
    counted."""
    seen = {"forks": 0, "added": 0}
    fork, add = os.fork, backend._Painter.add_drawn

    def counted():
        pid = fork()
        if pid:
            seen["forks"] += 1
        return pid

    def added(self, *args):
        seen["added"] += 1
        return add(self, *args)

    monkeypatch.setattr(forked, "can_fork", lambda spare_cpu=False: True)
    monkeypatch.setattr(os, "fork", counted)
    monkeypatch.setattr(backend._Painter, "add_drawn", added)
    return seen


def _alone(pages) -> bytes:
    was = forked.can_fork
    forked.can_fork = lambda spare_cpu=False: False
    try:
        return backend.render_pages(pages)
    finally:
        forked.can_fork = was


def test_a_long_document_is_the_same_file_written_in_halves(halves):
    n = backend.HALVES_PAGES + 5
    both = backend.render_pages(_pages(n))
    assert halves == {"forks": 1, "added": n - n // 2}  # the child drew the second half, and it was used
    assert both == _alone(_pages(n))
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(both)
    assert len(doc) == n
    assert "Karta 52: żółw — „ość” · 3×" in doc[n - 1].get_textpage().get_text_range()
    assert [item.get_title() for item in doc.get_toc()][-1] == f"strona {n}"  # bookmarks for the child's pages too


@pytest.mark.parametrize("late, font", [("Ωμέγα", "DejaVuSansCondensed"), ("", "DejaVuSans-Bold")],
                         ids=["a character not given a code first", "a face the first half never used"])
def test_a_child_that_meets_something_new_gives_up_and_the_file_is_the_same(halves, late, font):
    n = backend.HALVES_PAGES
    both = backend.render_pages(_pages(n, late, font))
    assert halves == {"forks": 1, "added": 0}  # the second half was drawn here
    assert both == _alone(_pages(n, late, font))


def test_a_short_document_is_one_process_and_gets_no_extra_codes(halves):
    n = backend.HALVES_PAGES - 1
    data = backend.render_pages(_pages(n))
    assert halves == {"forks": 0, "added": 0}
    assert len(data) < len(backend.render_pages(_pages(n + 1))) - 2000  # the long one's faces carry PRESEED


def test_a_page_that_fails_in_the_second_half_fails_here_with_its_own_error(halves):
    pages = _pages(backend.HALVES_PAGES)

    def broken() -> Page:
        raise ValueError("box 'text': text does not fit")

    pages[-1] = broken
    with pytest.raises(ValueError, match="does not fit"):
        backend.render_pages(pages)
    assert halves["forks"] == 1 and halves["added"] == 0


def test_a_pool_worker_writes_long_documents_in_one_process(monkeypatch):
    """A build's pool already keeps every CPU busy: its workers do not fork a second writer."""
    import threading

    monkeypatch.setattr(forked, "_SHARING", [])
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert forked.can_fork(spare_cpu=True)
    forked.sharing_cpus()
    assert not forked.can_fork(spare_cpu=True)
    assert forked.can_fork()  # forking for other work (a game's other languages) is still allowed
