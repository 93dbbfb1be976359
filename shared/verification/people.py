"""People a statement names about a judgment: the judges it gives words to, and the person it
says acted.

Two mistakes a summary makes with people, whatever the case:

- **A judge the judgment never names.** "In Corbiere, Holgate J said …" of a judgment given by
  Supperstone J, which mentions no Holgate anywhere: the words are given to someone who neither
  decided the case nor is cited in it. A judge the judgment does name (its own, or one whose
  earlier decision it reports) is left to the attribution checks.
- **Another person than the quoted passage's.** The passage names one person by title ("Ms
  Begum replied by letter dated 7 March 2017"); the statement names someone else by title ("Ms
  Hubbard replied …") and not the passage's person at all. The statement gives the act to a
  different person. A statement that names the passage's person as well (with others) is left
  alone: it may report an exchange between them.

Both are doubts (unverified, never removed): a judgment may spell a name differently.
"""

from __future__ import annotations

import re

from shared.text.terms import stem

__all__ = ["judges_named", "other_person_named", "people_named", "unknown_judges"]

_SURNAME = r"[A-Z][a-z’'-]+(?:-[A-Z][a-z’'-]+)?"
_JUDGE = re.compile(
    rf"\b(?P<a>{_SURNAME})\s+(?:J|LJ|LJJ|MR|CJ|JSC|SCJ)\b|"
    rf"\b(?:Lord|Lady|Baroness)\s+(?:Justice\s+)?(?P<b>{_SURNAME})\b|"
    rf"\b(?:Mr|Mrs|Ms)\.?\s+Justice\s+(?P<c>{_SURNAME})\b|"
    rf"\b(?:HHJ|His Honour Judge|Her Honour Judge)\s+(?P<d>{_SURNAME})\b")
"""A judge by judicial title: "Holgate J", "Lord Thomas CJ", "Mr Justice Nugee", "HHJ
Tomlinson"."""
_TITLED = re.compile(
    rf"\b(?:Mr|Mrs|Ms|Miss|Dr|Sir|Dame)\.?\s+(?!Justice\b)(?:{_SURNAME}\s+){{0,2}}"
    rf"(?P<name>{_SURNAME})\b")
"""A person by honorific, named by the last word of the name: "Mr Lawson Caisley" →
Caisley, "Mr. Melvyn Gillam" → Gillam."""


def _bare(name: str) -> str:
    return re.sub(r"['’]s?$", "", name).lower()


def judges_named(text: str) -> set[str]:
    """The surnames of the judges a text names by judicial title."""
    return {_bare(next(g for g in m.groups() if g)) for m in _JUDGE.finditer(text)}


def people_named(text: str) -> set[str]:
    """The surnames of everyone a text names by honorific or judicial title."""
    return {_bare(m["name"]) for m in _TITLED.finditer(text)} | judges_named(text)


def unknown_judges(claim: str, judgment: str) -> list[str]:
    """Judges the statement names that the judgment (its header included) never mentions."""
    mentioned = judgment.lower()
    return [f"The statement gives the words to {name.capitalize()}, a judge the judgment does "
            "not mention."
            for name in sorted(judges_named(claim))
            if not re.search(rf"\b{re.escape(name)}\b", mentioned)]


_REACH = 6
"""Words after a name in which its verb is read: "Mr Lawson Caisley of Allen & Overy has
explained"."""
_LIGHT = frozenset("""that this with from have been were also them they their there which
    what when where would could should about after before under into than then only""".split())


def _acts(text: str) -> dict[str, set[str]]:
    """Each titled person's surname with the stems of the words that follow the name."""
    found: dict[str, set[str]] = {}
    for m in [*_TITLED.finditer(text), *_JUDGE.finditer(text)]:
        name = _bare(m["name"] if "name" in m.groupdict() else next(g for g in m.groups() if g))
        after = re.findall(r"[a-z]{4,}", " ".join(text[m.end():].split()[:_REACH]))
        found.setdefault(name, set()).update(stem(w) for w in after if w not in _LIGHT)
    return found


def _name_words(text: str) -> set[str]:
    """Every capitalised word just after an honorific, asides included: "Mr Nicholas (or
    Nick) Candy" is Candy as well as Nicholas."""
    found = set()
    for m in re.finditer(r"\b(?:Mr|Mrs|Ms|Miss|Dr|Sir|Dame)\.?\s+", text):
        found |= {_bare(w) for w in re.findall(r"\b[A-Z][a-z’'-]+", text[m.end():m.end() + 40])}
    return found


def other_person_named(claim: str, quote: str) -> list[str]:
    """The statement gives the quoted person's act (the same verb after the name) to someone
    else, and does not name the quoted person at all."""
    quoted, said = _acts(quote), _acts(claim)
    if not quoted or not said or set(quoted) & set(said) or set(said) & _name_words(quote):
        return []
    return [f"The statement gives to {name.capitalize()} what the quoted passage gives to "
            f"{', '.join(n.capitalize() for n in sorted(quoted))}."
            for name, verbs in sorted(said.items())
            if any(verbs & acts for acts in quoted.values())][:1]
