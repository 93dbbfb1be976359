"""A figure given to another item of the same passage: "the minimum profit share (£10m) and
extension fees (£7.5m)" does not support "the minimum profit share was £7.5m".

A passage that lists several figures of one kind names each by the words just before it. A
statement that names an item by those words (most of them, at least two) and gives it a figure
the passage gives to another of its items has swapped them. Only figures the passage holds are
read (a figure it lacks is compared by the other checks), and only an item the statement names
more closely than any other; the statement is doubted (unverified, never removed).

A provision's figure is compared the same way with the quote (``figures_beside_the_quote``):
where the quoted words give a period or sum of one kind ("within the period of five years")
and the statement gives one other figure of that kind ("within three years"), the statement
does not say what it quotes, even when the section holds its figure elsewhere (the "three
years" an amendment replaced). A judgment's figures are compared by ``figure_doubts``.
"""

from __future__ import annotations

from shared.text.terms import content_terms
from shared.verification.claims import placed_quantities, quantities

__all__ = ["figures_beside_the_quote", "figures_given_to_another"]

_BEFORE = 6
"""Words before a figure that name what it is the figure of."""


def _labelled(text: str) -> list[tuple[tuple[float, str], set[str]]]:
    """Each figure with the content terms of the words between it and the figure before."""
    found = []
    previous = 0
    for start, quantity in placed_quantities(text):
        words = text[previous:start].split()[-_BEFORE:]
        found.append((quantity, {t for t in content_terms(" ".join(words)) if len(t) >= 3}))
        previous = start + 1
    return found


def figures_given_to_another(claim: str, quote: str | None) -> list[str]:
    """Figures of the statement that the quoted words give to another item than the one the
    statement names."""
    if not quote:
        return []
    quoted = _labelled(quote)
    doubts = []
    for quantity, label in _labelled(claim):
        mine = [len(label & words) for q, words in quoted if q == quantity]
        if not mine:
            continue
        rivals = [(len(label & words), q) for q, words in quoted
                  if q != quantity and q[1] == quantity[1]]
        best = max(rivals, default=(0, quantity))
        if best[0] >= 2 and best[0] > max(mine):
            doubts.append(f"The statement gives {_shown(quantity)} to what the quoted words "
                          f"give {_shown(best[1])}.")
    return doubts[:1]


def figures_beside_the_quote(claim: str, quote: str | None) -> list[str]:
    """The statement's one figure of a kind the quoted words give, where they give another."""
    if not quote:
        return []
    quoted, said = quantities(quote), quantities(claim)
    units = {unit for _, unit in quoted}
    return [f"The statement gives {_shown((value, unit))}; the quoted words give "
            f"{', '.join(_shown(q) for q in sorted(quoted) if q[1] == unit)}."
            for value, unit in sorted(said)
            if unit in units and (value, unit) not in quoted
            and sum(u == unit for _, u in said) == 1][:1]


def _shown(quantity: tuple[float, str]) -> str:
    value, unit = quantity
    return f"£{value:,.0f}" if unit == "£" else f"{value:g} {unit}"
