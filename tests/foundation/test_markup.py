"""The one markup grammar: [[term|label]], §N, **bold**, :icon:."""
from __future__ import annotations

from generator.model.markup import Bold, IconRef, RuleRef, TermRef, Text, parse, plain


def test_every_form_parses():
    nodes = parse("Weź 2 [[gold|złota]], zob. §4.2 i **raz :gold:**.").nodes
    assert nodes == (Text("Weź 2 "), TermRef("gold", "złota"), Text(", zob. "), RuleRef("4.2"), Text(" i "),
                     Bold((Text("raz "), IconRef("gold"))), Text("."))


def test_plain_drops_all_markup():
    text = "[[gold|złota]] [[wplywy]] § 4.2 **x** :gold:"
    assert plain(text, term_name=lambda t: t.upper(), icon_label=lambda i: "Złoto") == "złota WPLYWY §4.2 x Złoto"


def test_unclosed_markup_is_literal_and_reported():
    parsed = parse("a [[b and **c")
    assert parsed.nodes == (Text("a [[b and **c"),)
    assert len(parsed.problems) == 2


def test_times_and_urls_are_not_icons():
    assert parse("o 12:30:45 i http://x").nodes == (Text("o 12:30:45 i http://x"),)
