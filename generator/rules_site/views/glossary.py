"""The glossary page: every term in the page's language's order, with its forms, the other language's
name, definition, related terms, rule and source."""
from __future__ import annotations

import re
from functools import cached_property

from markupsafe import Markup

from generator.rules_site.glossary import sorted_terms, term_forms
from generator.rules_site.markup import term_anchor
from generator.rules_site.views.common import GameBase, cite, text


class GlossaryView(GameBase):
    @cached_property
    def glossary(self) -> list[dict]:
        links = self.links("glossary")
        other = next((lang for lang in self.data.game.languages if lang != self.lang), None)
        out = []
        for term in sorted_terms(self.data.glossary, self.lang):
            forms = term_forms(term, self.lang)
            other_forms = term_forms(term, other) if other else []
            see_also = [links.term_link(s) for s in term.see_also]
            out.append({
                "id": term.id,
                "anchor": term_anchor(term.id),
                "name": text(term.term, self.lang),
                "toc_label": Markup(re.sub(r"[^\w \-.,'()/+]", "", text(term.term, self.lang))),
                "forms": forms,
                "search_forms": " ".join(forms[1:]),
                "other_name": text(term.term, other) if other else None,
                "other_forms": other_forms,
                "definition": links.block(text(term.definition, self.lang), skip_term=term.id),
                "see_also": Markup(", ").join(see_also) if see_also else "",
                "rule": links.rule_link(term.rule) if term.rule else "",
                "source": cite(term.source, self.lang),
            })
        return out
