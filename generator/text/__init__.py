"""The one text engine: font metrics (read from the shipped TTFs, no drawing library), the one line
breaker (pyphen hyphenation, shrink-to-fit) and fitting of parsed markup (``model.markup``) into boxes.
Cards, tokens, tiles, aids, standees, boards and posters all set text here."""
