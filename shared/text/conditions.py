"""Conditions: the clause on which a rule holds ("where the household includes a vulnerable
person", "if the premises are unoccupied", "unless it is reasonably practicable", "only if",
"provided that", "so long as") and the clause of time that narrows a case as a condition does
("when we find damp", "once an order is in force").

One list of the words that open such a clause, for every party that spots one: the offline
answerer (a rule stated on a condition the question denies; a quoted sentence that opens on a
condition the question does not assume), the semantic cache's guard (a question that narrows
its own case) and the verifier's sibling checks (a quoted subsection that requires a
condition, carries its own, or lists them). The callers differ only in which of the words
they read and what must follow them, so each shape is built here from the one list.
"""

from __future__ import annotations

import re

__all__ = ["CONDITION", "CONDITIONS", "CONDITION_CLAUSE", "CONDITION_WITH_SUBJECT",
           "LIST_CONDITION", "OPENING_CONDITION", "PROVISOS", "STATED_CONDITION", "TIMES",
           "either"]

CONDITIONS: tuple[str, ...] = ("if", "where", "unless")
"""The words that open a condition: the rule holds only if (or unless) its clause is so.
"Only if" and "only where" end on these words, so a search for them finds those too."""
TIMES: tuple[str, ...] = ("when", "whenever", "once")
"""The words that open a clause of time, which narrows a case as a condition does: "when a
tenant refuses", "once an order is in force"."""
PROVISOS: tuple[str, ...] = ("provided", "so long as", "as long as", "in case")
"""Longer ways of putting a condition: "provided that …", "so long as …", "in case …"."""
_CONNECTIVES = frozenset((*CONDITIONS, *TIMES, *PROVISOS))


def either(*words: str, capitalised: bool = False) -> str:
    """A regular-expression group matching any of ``words`` (each one of the connectives
    above: a caller picks from the one list, never keeps its own), written as in running text
    or, with ``capitalised``, only as a sentence's first word ("If", "Where")."""
    unknown = set(words) - _CONNECTIVES
    if unknown:
        raise ValueError(f"not a connective of a condition: {sorted(unknown)}")
    written = (w[:1].upper() + w[1:] if capitalised else w for w in words)
    return "(?:" + "|".join(re.escape(w) for w in written) + ")"


CONDITION = re.compile(rf"\b{either(*CONDITIONS, 'provided')}\b", re.IGNORECASE)
"""A condition anywhere in a text ("unless (a) it is reasonably practicable …", "only where",
"provided"): a provision with one requires it."""
STATED_CONDITION = re.compile(
    rf"\b{either(*CONDITIONS, 'so long as', 'as long as')}\b[^,;)]{{8,}}", re.IGNORECASE)
"""A condition with words of its own before the next comma, semicolon or bracket: "where the
application is made by an occupier, …", "If the premises are unoccupied …"."""
LIST_CONDITION = re.compile(rf"\b{either(*CONDITIONS)}\s*[—–-]", re.IGNORECASE)
"""A condition that opens a list of them: "Conditions which apply if— (a) … (b) …"."""
CONDITION_CLAUSE = re.compile(rf"\b{either('where', 'if', 'when', 'whenever')}\b"
                              r"(?P<clause>[^,.;:]*)", re.IGNORECASE)
"""A condition or a time and its words up to the next stop ("Where the household includes a
vulnerable person, …"). Not "unless": a rule that holds unless its clause is so is the rule
for the cases the clause leaves out."""
OPENING_CONDITION = re.compile(
    rf"^(?:\(\w+\)\s+)?{either('if', 'where', 'when', 'once', capitalised=True)}\b"
    r"(?P<clause>[^,—]*)")
"""A sentence (or a list item, after its label) that opens on a condition or a time, and that
clause up to its comma or dash: "Where the cost is between …, we will fund …"."""
CONDITION_WITH_SUBJECT = re.compile(
    rf"\b{either(*CONDITIONS, *TIMES, 'in case')}\s+(?:(?:a|an|the|our|their|his|her|its|"
    r"any|this|that)\s+)?[A-Za-z][\w'’-]*\s+[A-Za-z]", re.IGNORECASE)
"""A clause of condition or time with a subject and its verb ("if a tenant refuses", "when
we find"), not the word alone ("where", "when" asking a place or a time)."""
