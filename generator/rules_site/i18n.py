"""The site's own words in Polish and English (the data brings its own text in both languages).

One table, looked up by key; a missing key is a bug and fails loudly rather than showing a blank."""
from __future__ import annotations

LANGS = ("pl", "en")
LANG_NAMES = {"pl": "Polski", "en": "English"}

STRINGS: dict[str, dict[str, str]] = {
    "site_name": {"pl": "pnpforge — zasady gier", "en": "pnpforge — game rules"},
    "home": {"pl": "Start", "en": "Home"},
    "permalink": {"pl": "Stały odnośnik", "en": "Permanent link"},
    "home_intro": {
        "pl": "Zasady, elementy, przygotowanie i pliki do druku gier planszowych — wygenerowane z jednej "
              "bazy danych YAML. Każda liczba ma źródło w instrukcji albo jest oznaczona jako założenie.",
        "en": "Rules, components, setup and print files of board games — generated from one YAML database. "
              "Every number cites the rulebook or is marked as an assumption.",
    },
    "games": {"pl": "Gry", "en": "Games"},
    "no_games": {"pl": "Brak gier w danych.", "en": "There are no games in the data."},
    "data_format": {"pl": "Format danych", "en": "Data format"},
    "data_format_intro": {
        "pl": "Opis formatu YAML, z którego powstaje ta strona (w języku angielskim).",
        "en": "The YAML format this site is generated from.",
    },
    # per-game pages
    "overview": {"pl": "Przegląd", "en": "Overview"},
    "components": {"pl": "Elementy", "en": "Components"},
    "setup": {"pl": "Przygotowanie", "en": "Setup"},
    "rules": {"pl": "Zasady", "en": "Rules"},
    "glossary": {"pl": "Słownik", "en": "Glossary"},
    "cards": {"pl": "Karty", "en": "Cards"},
    "print": {"pl": "Druk", "en": "Print"},
    "findings": {"pl": "Ustalenia walidatora", "en": "Validator findings"},
    # overview
    "players": {"pl": "Liczba graczy", "en": "Players"},
    "play_time": {"pl": "Czas gry", "en": "Play time"},
    "minutes": {"pl": "min", "en": "min"},
    "rulebook": {"pl": "Instrukcja", "en": "Rulebook"},
    "publisher": {"pl": "Wydawca", "en": "Publisher"},
    "modules": {"pl": "Moduły", "en": "Modules"},
    "factions": {"pl": "Frakcje", "en": "Factions"},
    "scenarios": {"pl": "Scenariusze i warianty", "en": "Scenarios and variants"},
    "in_the_box": {"pl": "W pudełku", "en": "In the box"},
    "at_a_glance": {"pl": "W skrócie", "en": "At a glance"},
    "pages": {"pl": "Strony", "en": "Pages"},
    "not_stated": {"pl": "nie podano w instrukcji", "en": "not stated in the rulebook"},

    # components
    "component": {"pl": "Element", "en": "Component"},
    "kind": {"pl": "Rodzaj", "en": "Kind"},
    "count": {"pl": "Liczba", "en": "Count"},
    "breakdown": {"pl": "Podział", "en": "Breakdown"},
    "module": {"pl": "Moduł", "en": "Module"},
    "source": {"pl": "Źródło", "en": "Source"},
    "print_file": {"pl": "Plik do druku", "en": "Print file"},
    "part_of": {"pl": "część: {parent}", "en": "part of {parent}"},
    "also_says": {"pl": "instrukcja podaje też {value} ({cite})", "en": "the rulebook also says {value} ({cite})"},
    "assumption": {"pl": "założenie", "en": "assumption"},
    "unknown": {"pl": "nieznane", "en": "unknown"},
    "unknown_title": {"pl": "instrukcja tego nie podaje", "en": "the rulebook does not state this"},
    "not_printed": {"pl": "nie drukowane: {reason}", "en": "not printed: {reason}"},
    "components_intro": {
        "pl": "Pełna lista zawartości pudełka. Wiersze z „↳” to części elementu powyżej; ich liczby "
              "sumują się do całości (sprawdza to walidator).",
        "en": "The full inventory. Rows marked “↳” are parts of the component above; their counts add up "
              "to the whole (the validator checks this).",
    },
    "decks": {"pl": "Talie", "en": "Decks"},
    "deck": {"pl": "Talia", "en": "Deck"},
    "size": {"pl": "Rozmiar", "en": "Size"},
    "listed_cards": {"pl": "Opisane karty", "en": "Listed cards"},
    "back": {"pl": "Rewers", "en": "Back"},
    "tiles": {"pl": "Kafelki", "en": "Tiles"},
    "tile": {"pl": "Kafelek", "en": "Tile"},
    "shape": {"pl": "Kształt", "en": "Shape"},
    "copies": {"pl": "Kopie", "en": "Copies"},
    "boards": {"pl": "Plansze", "en": "Boards"},
    "board": {"pl": "Plansza", "en": "Board"},
    "details": {"pl": "Szczegóły", "en": "Details"},
    "pages_short": {"pl": "s.", "en": "p."},
    # setup
    "setup_intro": {
        "pl": "Przygotowanie dla każdej liczby graczy, wyliczone z tych samych danych, które sprawdza "
              "walidator (formuły, wartości z tabel i przydziały na gracza).",
        "en": "Setup for every player count, computed from the same data the validator checks (formulas, "
              "table values and per-player allotments).",
    },
    "standard_game": {"pl": "Gra standardowa", "en": "Standard game"},
    "n_players": {"pl": "{n} graczy", "en": "{n} players"},
    "one_player": {"pl": "1 gracz", "en": "1 player"},
    "from_box": {"pl": "Z pudełka", "en": "From the box"},
    "each_player": {"pl": "Każdy gracz bierze", "en": "Each player takes"},
    "action": {"pl": "Czynność", "en": "Action"},
    "formula": {"pl": "Wzór", "en": "Formula"},
    "each": {"pl": "Każdy", "en": "Each"},
    "total": {"pl": "Razem", "en": "Total"},
    "in_box": {"pl": "W pudełku", "en": "In the box"},
    "from_faction": {"pl": "z własnej frakcji", "en": "from own faction"},
    "only_with": {"pl": "tylko z modułem {module}", "en": "only with module {module}"},
    "steps": {"pl": "Kroki", "en": "Steps"},
    "totals_check": {"pl": "Zużycie a zawartość pudełka", "en": "Used vs. in the box"},
    "fits": {"pl": "mieści się", "en": "fits"},
    "exceeds": {"pl": "przekracza", "en": "exceeds"},
    "no_setup": {"pl": "Dane nie opisują przygotowania tej gry.", "en": "The data does not describe setup."},
    "scenario_players": {"pl": "Gracze: {range}", "en": "Players: {range}"},
    "needs_modules": {"pl": "Wymaga: {modules}", "en": "Needs: {modules}"},
    "summary": {"pl": "Opis", "en": "Summary"},
    "setup_changes": {"pl": "Zmiany w przygotowaniu", "en": "Setup changes"},
    "victory": {"pl": "Warunki zwycięstwa", "en": "Victory"},
    "default_scenario": {"pl": "domyślny", "en": "default"},
    "note": {"pl": "Uwaga", "en": "Note"},
    "actions": {
        "pl": "place=połóż|deal=rozdaj|draw=dobierz|reveal=odkryj|remove=odłóż|box=do pudełka|use=użyj",
        "en": "place=place|deal=deal|draw=draw|reveal=reveal|remove=remove|box=return to box|use=use",
    },
    # rules
    "rules_intro": {
        "pl": "Zasady własnymi słowami, ponumerowane do ostatniego poziomu. Wpisz numer (np. „{example}”) "
              "w wyszukiwarkę, aby przejść do przepisu. Pojęcia ze słownika są podlinkowane. Przy "
              "rozbieżności rozstrzyga oryginalna instrukcja (źródło przy każdej sekcji).",
        "en": "The rules in our own words, numbered down to the last level. Type a number (e.g. “{example}”) "
              "into search to jump to a rule. Glossary terms are linked. Where this differs from the "
              "original rulebook, the rulebook wins (each section cites its source).",
    },
    "see": {"pl": "Zob.", "en": "See"},
    "no_rules": {"pl": "Dane nie zawierają jeszcze zasad.", "en": "The data holds no rules yet."},
    "rule_data": {"pl": "Tabele i stałe", "en": "Tables and constants"},
    "constants": {"pl": "Stałe", "en": "Constants"},
    "value": {"pl": "Wartość", "en": "Value"},
    "name": {"pl": "Nazwa", "en": "Name"},
    "cost_rules": {"pl": "Reguły kosztów", "en": "Cost rules"},
    "cost_rule_text": {
        "pl": "Karty talii {deck} o wartości „{stat}” równej k kosztują tyle, ile wiersz k tabeli {table}, "
              "kolumna {column}.",
        "en": "Cards of deck {deck} whose “{stat}” is k cost what row k of table {table}, column {column} says.",
    },
    "recipes": {"pl": "Przepisy", "en": "Recipes"},
    "makes": {"pl": "Daje", "en": "Makes"},
    "needs": {"pl": "Wymaga", "en": "Needs"},
    # glossary
    "glossary_intro": {
        "pl": "Pojęcia gry w kolejności alfabetycznej. Wyszukiwarka znajduje je w każdej formie "
              "odmiany podanej w danych; w tekście zasad prowadzą tu linki z podpowiedzią.",
        "en": "Game terms in alphabetical order. Search finds them in every inflected form the data lists; "
              "links in the rules text lead here and show the definition on hover.",
    },
    "forms": {"pl": "Formy", "en": "Forms"},
    "see_also": {"pl": "Zob. też", "en": "See also"},
    "rule": {"pl": "Zasada", "en": "Rule"},
    "no_terms": {"pl": "Dane nie zawierają jeszcze słownika.", "en": "The data holds no glossary yet."},
    # cards
    "cards_intro": {
        "pl": "Wszystkie opisane karty. Filtruj według talii lub frakcji.",
        "en": "Every listed card. Filter by deck or faction.",
    },
    "all": {"pl": "Wszystkie", "en": "All"},
    "faction": {"pl": "Frakcja", "en": "Faction"},
    "no_faction": {"pl": "bez frakcji", "en": "no faction"},
    "cost": {"pl": "Koszt", "en": "Cost"},
    "traits": {"pl": "Cechy", "en": "Traits"},
    "text_unknown": {"pl": "tekst nieznany", "en": "text unknown"},
    "unlisted_cards": {
        "pl": "{n} kart tej talii nie opisano — drukują się jako puste zastępniki.",
        "en": "{n} cards of this deck are not listed — they print as blank proxies.",
    },
    "no_cards": {"pl": "Dane nie opisują kart.", "en": "The data lists no cards."},
    "shown": {"pl": "Widoczne karty: {n}", "en": "Cards shown: {n}"},
    # print
    "print_intro": {
        "pl": "Pliki do samodzielnego wydruku i dla drukarni.",
        "en": "Files for home printing and for print shops.",
    },
    "file": {"pl": "Plik", "en": "File"},
    "contents": {"pl": "Zawartość", "en": "Contents"},
    "paper": {"pl": "Papier", "en": "Paper"},
    "sheets": {"pl": "Arkusze", "en": "Sheets"},
    "pages_count": {"pl": "Strony", "en": "Pages"},
    "file_size": {"pl": "Rozmiar", "en": "Size"},
    "no_files": {
        "pl": "Nie ma jeszcze plików do druku tej gry — uruchom „pnp build”, a potem „pnp site”.",
        "en": "There are no print files for this game yet — run “pnp build”, then “pnp site”.",
    },
    "how_to_print": {"pl": "Jak drukować", "en": "How to print"},
    "print_steps": {
        "pl": "Drukuj w skali **100 %** („Rzeczywisty rozmiar”) — nigdy „Dopasuj do strony”; sprawdź linijką "
              "miarkę kalibracyjną.|Arkusze z rewersami drukuj dwustronnie z obracaniem wzdłuż **dłuższej "
              "krawędzi** (long edge). Jeśli drukarka nie drukuje dwustronnie, wydrukuj awersy, włóż kartki "
              "ponownie i wydrukuj rewersy.|Drukarki domowe przesuwają drugą stronę o 3–4 mm: wydrukuj "
              "arkusz kalibracyjny i podaj przesunięcie jako `--duplex-offset X,Y`.|Tnij wzdłuż znaczników "
              "cięcia; karty najlepiej drukować na papierze 250–300 g/m² albo wkładać w koszulki z kartą.|"
              "Pliki dla drukarni mają spad (bleed) i ramki stron — wysyłaj je bez zmian.",
        "en": "Print at **100 %** (“Actual size”) — never “Fit to page”; check the calibration ruler with a "
              "real ruler.|Print sheets with backs double-sided, flipping on the **long edge**. Without duplex, "
              "print the fronts, reinsert the paper and print the backs.|Home printers shift the second side "
              "by 3–4 mm: print the calibration sheet and pass the offset as `--duplex-offset X,Y`.|Cut along "
              "the crop marks; print cards on 250–300 gsm card stock or sleeve them with a backing card.|"
              "Print-shop files carry bleed and page boxes — send them unchanged.",
    },
    "duplex_long": {"pl": "dwustronnie, długa krawędź", "en": "duplex, long edge"},
    "duplex_short": {"pl": "dwustronnie, krótka krawędź", "en": "duplex, short edge"},
    "single_sided": {"pl": "jednostronnie", "en": "single-sided"},
    "fold_over": {"pl": "złóż na pół (awers i rewers obok siebie)", "en": "fold-over (front and back side by side)"},
    "images": {"pl": "Obrazy plansz", "en": "Board images"},
    "group_home": {"pl": "Druk domowy — {paper}", "en": "Home printing — {paper}"},
    "group_home_note": {
        "pl": "Arkusze z wieloma elementami, znacznikami cięcia i rewersami na parzystych stronach.",
        "en": "Sheets of many items with crop marks; backs on the even pages.",
    },
    "group_shop": {"pl": "Dla drukarni", "en": "For print shops"},
    "group_shop_note": {
        "pl": "Jeden element na stronę, ze spadem i ramkami TrimBox/BleedBox.",
        "en": "One item per page, with bleed and TrimBox/BleedBox page boxes.",
    },
    "group_boards": {"pl": "Plansze — {paper}", "en": "Boards — {paper}"},
    "group_boards_note": {
        "pl": "„poster”: plansza w prawdziwym rozmiarze na wielu kartkach do sklejenia (strona 1 pokazuje "
              "układ); „onepage”: cała plansza na jednej kartce, pomniejszona.",
        "en": "“poster”: the board at real size over several sheets to tape together (page 1 shows the "
              "assembly); “onepage”: the whole board on one sheet, scaled down.",
    },
    "other_files": {"pl": "Inne pliki", "en": "Other files"},
    # findings
    "findings_intro": {
        "pl": "Wszystko, czego instrukcja nie mówi jasno: sprzeczności w samej instrukcji, ostrzeżenia "
              "walidatora, wartości nieznane i przyjęte przez nas założenia. Wypisane otwarcie, żeby nikt "
              "nie brał ich za fakty z instrukcji.",
        "en": "Everything the rulebook does not settle: its own contradictions, validator warnings, unknown "
              "values and the assumptions we made. Listed openly so nobody mistakes them for rulebook facts.",
    },
    "contradictions": {"pl": "Sprzeczności w instrukcji", "en": "Rulebook contradictions"},
    "warnings": {"pl": "Ostrzeżenia", "en": "Warnings"},
    "unknowns": {"pl": "Niewiadome", "en": "Unknowns"},
    "assumptions": {"pl": "Założenia", "en": "Assumptions"},
    "where": {"pl": "Gdzie", "en": "Where"},
    "message": {"pl": "Opis", "en": "Message"},
    "item": {"pl": "Dotyczy", "en": "Item"},
    "field": {"pl": "Pole", "en": "Field"},
    "none_found": {"pl": "Brak.", "en": "None."},
    "yes": {"pl": "tak", "en": "yes"},
    "no": {"pl": "nie", "en": "no"},
}

KIND_NAMES = {
    "card": ("karty", "cards"), "tile": ("kafelki", "tiles"), "token": ("żetony", "tokens"),
    "board": ("plansze", "boards"), "die": ("kości", "dice"), "figure": ("figurki", "figures"),
    "sheet": ("arkusze", "sheets"), "dial": ("tarcze", "dials"), "marker": ("znaczniki", "markers"),
    "other": ("inne", "other"),
}

PRINT_METHODS = {
    "deck": ("talia kart", "card deck"), "token": ("żetony", "tokens"), "die": ("kość (siatka)", "die (net)"),
    "tile": ("kafelki", "tiles"), "board": ("plansza", "board"), "aid": ("pomoc gracza", "player aid"),
    "none": ("nie drukowane", "not printed"),
}


def t(key: str, lang: str, **fields) -> str:
    text = STRINGS[key][lang]
    return text.format(**fields) if fields else text


def kind_name(kind: str, lang: str) -> str:
    names = KIND_NAMES.get(kind)
    return names[LANGS.index(lang)] if names else kind


def method_name(method: str, lang: str) -> str:
    names = PRINT_METHODS.get(method)
    return names[LANGS.index(lang)] if names else method


def action_name(action: str, lang: str) -> str:
    table = dict(pair.split("=", 1) for pair in STRINGS["actions"][lang].split("|"))
    return table.get(action, action)


# (one, few, many) in Polish; (one, other) in English
COUNTED = {
    "rules": {"pl": ("sekcja zasad", "sekcje zasad", "sekcji zasad"), "en": ("rule section", "rule sections")},
    "terms": {"pl": ("hasło słownika", "hasła słownika", "haseł słownika"), "en": ("glossary term", "glossary terms")},
    "cards": {"pl": ("karta", "karty", "kart"), "en": ("card", "cards")},
    "findings": {"pl": ("ustalenie", "ustalenia", "ustaleń"), "en": ("finding", "findings")},
    "unknowns": {"pl": ("niewiadoma", "niewiadome", "niewiadomych"), "en": ("unknown", "unknowns")},
}


def counted(n: int, key: str, lang: str) -> str:
    """'3 ustalenia', '5 ustaleń', '1 finding' — the plural form the number needs."""
    forms = COUNTED[key][lang]
    if lang == "pl":
        form = forms[0] if n == 1 else forms[1] if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else forms[2]
    else:
        form = forms[0] if n == 1 else forms[1]
    return f"{n} {form}"


def players_label(n: int, lang: str) -> str:
    return t("one_player", lang) if n == 1 else t("n_players", lang, n=n)


# Polish alphabetical order (ą after a, ł after l …); other characters sort after, by code point.
_PL_ORDER = "aąbcćdeęfghijklłmnńoóprsśtuvwxyzźż"
_PL_RANK = {ch: i for i, ch in enumerate(_PL_ORDER)}


def collation_key(text: str, lang: str) -> tuple:
    """Sort key for glossary order: Polish letters in their alphabet place, case-insensitive."""
    folded = text.casefold()
    if lang != "pl":
        return tuple(folded)
    return tuple((0, _PL_RANK[ch]) if ch in _PL_RANK else (1, ord(ch)) for ch in folded)
