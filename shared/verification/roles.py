"""Who holds a role in a judgment's account, and whom counsel appears for.

"Mr Halim, who appears for Mr Xu" does not support "Mr Halim appeared for the Claimants";
"it was by Ms Begum, the offender manager" does not support "by Mr Tam, the offender manager".
Both texts name the people the checks of sides ask about, so only the pairing differs. Each
text's pairings are read from two general shapes — "<person>, who appear(s|ed) for <party>"
or "<person> appeared for <party>", and "<person>, the <role>" — and a statement that pairs a
person or a role with another than the quoted passage does is doubted (unverified, never
removed).

Whether a person was counsel at all is read from the judgment's list of appearances (``Sides``):
a statement that calls someone counsel whom the list does not name ("Mr Dean, who was counsel
for the defendants", of a witness), or gives counsel the list names a witness's part ("Mr Lord
QC gave evidence"), swaps a person's role in the proceedings and is doubted the same way.
"""

from __future__ import annotations

import re

from shared.text.initials import INITIALS, name_initials
from shared.text.terms import stem
from shared.verification.sides import Sides

__all__ = ["counsel_doubts", "repaired_roles", "swapped_party_roles"]

_PERSON = r"(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lord|Lady)\.?\s+(?:[A-Z][\w'’-]*\s+){0,2}[A-Z][\w'’-]*"
_APPEARS = re.compile(
    rf"(?P<who>{_PERSON})(?:\s+(?:QC|KC))?,?\s+(?:who\s+)?appear(?:s|ed)?\s+(?:for|on behalf "
    r"of)\s+(?P<whom>(?:the\s+)?(?:[A-Z][\w'’-]*|[a-z]+)(?:\s+[A-Z][\w'’-]*){0,3})")
_ROLE = re.compile(
    rf"(?P<who>{_PERSON}),\s+(?:the|(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?[A-Z][\w'’-]*['’]s?|his|"
    r"her|their)\s+"
    r"(?P<role>(?:[a-z]+\s+){0,2}(?:manager|officer|director|inspector|caseworker|worker|"
    r"surveyor|agent|adviser|advisor|solicitor|secretary|chairman|chair|clerk|owner))\b")


def _who(name: str) -> str:
    """A person by surname: "Mr Raza Halim" → "halim"."""
    return name.split()[-1].lower()


def _words(text: str) -> frozenset[str]:
    return frozenset(stem(w.lower()) for w in re.findall(r"[A-Za-z][\w'’-]*", text)
                     if w.lower() not in {"the", "mr", "mrs", "ms", "miss", "dr"})


def repaired_roles(claim: str, quote: str) -> list[str]:
    """Pairings of the statement that the quoted passage makes otherwise."""
    doubts = []
    quoted = {_who(m["who"]): _words(m["whom"]) for m in _APPEARS.finditer(quote)}
    acronyms = {_who(m["who"]): set(INITIALS.findall(quote[m.start("whom"):][:40]))
                for m in _APPEARS.finditer(quote)}
    for m in _APPEARS.finditer(claim):
        whom = quoted.get(_who(m["who"]))
        # "appears for the SSJ": the statement may spell out the initials ("the Secretary of
        # State for Justice").
        spelt = name_initials(claim[m.start("whom"):][:80], whole_words=True)
        if whom is not None and not whom & _words(m["whom"]) and not any(
                a in spelt for a in acronyms.get(_who(m["who"]), ())):
            doubts.append(f"The statement has {m['who']} appear for {m['whom']}; the quoted "
                          "passage has them appear for another party.")
    roles = {stem(m["role"].split()[-1]): _who(m["who"]) for m in _ROLE.finditer(quote)}
    for m in _ROLE.finditer(claim):
        holder = roles.get(stem(m["role"].split()[-1]))
        if holder is not None and holder != _who(m["who"]):
            doubts.append(f"The statement makes {m['who']} the {m['role']}; the quoted passage "
                          "names another.")
    return doubts


_AS_COUNSEL = re.compile(
    rf"(?P<who>{_PERSON})(?:\s+(?:QC|KC))?,?\s+(?:who\s+(?:was|is|were|acted as|appeared as)\s+|"
    r"(?:appeared|acted)\s+as\s+|was\s+|(?:the|a|as)\s+)?(?:(?:leading|junior|lead)\s+)?"
    r"(?:counsel|barrister)\b")
_AS_WITNESS = re.compile(
    rf"(?P<who>{_PERSON})(?:\s+(?:QC|KC))?,?\s+(?:[\w’']+\s+){{0,3}}?(?:gave\s+(?:oral\s+|"
    r"written\s+)?evidence|(?:as\s+)?an?\s+(?:\w+\s+)?witness|the\s+witness)\b")


def _counsel_name(name: str) -> str:
    """A person by surname, without the silk's letters: "Mr Lord QC" → "lord"."""
    return _who(re.sub(r"\s+(?:QC|KC)$", "", name))


def counsel_doubts(claim: str, sides: Sides) -> list[str]:
    """People the statement makes counsel whom the appearances do not list, and counsel the
    statement makes a witness."""
    if not sides.counsel:
        return []
    doubts = [f"The statement makes {m['who']} counsel; the judgment's list of appearances "
              "does not name them." for m in _AS_COUNSEL.finditer(claim)
              if _counsel_name(m["who"]) not in sides.counsel]
    doubts += [f"The statement makes {m['who']} a witness; the judgment lists them as counsel."
               for m in _AS_WITNESS.finditer(claim) if _counsel_name(m["who"]) in sides.counsel]
    return doubts[:1]


_PARTY_ROLE = re.compile(r"\b(?P<r>claimants?|defendants?|applicants?|respondents?|appellants?|"
                         r"petitioners?)\s+(?:is|are|was|were)\b", re.IGNORECASE)
_BRINGS = frozenset({"claimant", "applicant", "appellant", "petitioner"})
"""The side that brings the proceedings; the others answer them."""


def _party_sides(text: str) -> set[bool]:
    return {m["r"].lower().rstrip("s") in _BRINGS for m in _PARTY_ROLE.finditer(text)}


def swapped_party_roles(claim: str, quote: str) -> list[str]:
    """"The claimants were the six ISPs" beside "The Defendants are the six main retail
    internet service providers": who is which party said of the other side (a doubt)."""
    said, source = _party_sides(claim), _party_sides(quote)
    if len(said) != 1 or len(source) != 1 or said == source:
        return []
    return ["The statement says who the parties on one side are; the quoted passage says it of "
            "the other side."]


_POSTS = (r"manager|officer|director|inspector|caseworker|surveyor|agent|adviser|advisor|"
          r"solicitor|secretary|chairman|chair|clerk|owner|analyst|accountant|engineer|"
          r"valuer|consultant|partner|employee|trader|broker|auditor|architect|"
          r"administrator|trustee|receiver|liquidator|barrister|executive|founder|president")
_POST = re.compile(rf"\b(?P<post>{_POSTS})s?\b", re.IGNORECASE)
_NAMED_PERSON = re.compile(_PERSON)
_AT_FIRM = re.compile(
    rf"\b(?:a|an|the)\s+(?:[A-Za-z]+\s+){{0,2}}?(?P<post>{_POSTS})\s+(?:at|of|with|from)\s+"
    r"(?P<firm>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3})", re.IGNORECASE)
_POST_REACH = 14
"""Words after a person's name in which the post they hold is read ("Mr Leadsom, who made a
witness statement, was the Claimants' Business Manager")."""


def _posts(text: str) -> dict[str, str]:
    """Each person's post: the first post word after their name, before another person is
    named or the sentence ends; and each firm's, from "a <post> at <firm>"."""
    found: dict[str, str] = {}
    people = list(_NAMED_PERSON.finditer(text))
    for i, m in enumerate(people):
        end = people[i + 1].start() if i + 1 < len(people) else len(text)
        stop = re.search(r"[.;:]\s", text[m.end():end])
        window = text[m.end():m.end() + (stop.start() if stop else end - m.end())]
        window = " ".join(window.split()[:_POST_REACH])
        if (post := _POST.search(window)) is not None:
            found.setdefault(_who(m.group()), stem(post["post"].lower()))
    for m in _AT_FIRM.finditer(text):
        found.setdefault(m["firm"].split()[0].lower(), stem(m["post"].lower()))
    return found


def changed_posts(claim: str, quote: str) -> list[str]:
    """A person (or a firm's author) the quoted passage gives one post ("Mr Leadsom, the
    Claimants' Business Manager"; "a Chartered Surveyor at Fisher German LLP") whom the
    statement gives another ("the Claimants' finance director"; "a chartered accountant at
    Fisher German LLP"): doubted, never removed."""
    quoted = _posts(quote)
    for who, post in _posts(claim).items():
        if who in quoted and quoted[who] != post:
            return [f"The statement gives {who.title()} the post of {post}; the quoted passage "
                    f"gives them another ({quoted[who]})."]
    return []
