"""American spellings in an answer's own words, for the testing-mode QA report.

Only the engine's prose is judged: quoted material (quotation marks, block quotes, code, cite
tags and their ``quote`` attributes, links) is copied verbatim from statutes and sources, some of
them American, so it is never flagged. A capitalised word in mid-sentence is taken for a proper
name ("World Health Organization") and left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["PAIRS", "Spelling", "american_spellings", "british_notes", "masked"]

# American → British, one pair a line. Words whose American form is also correct British in
# some sense (check, tire, curb, story, draft, meter, practice, inquiry) are left out on purpose.
_TABLE = """
behavior behaviour; behaviors behaviours; behavioral behavioural; misbehavior misbehaviour
center centre; centers centres; centered centred; centering centring
color colour; colors colours; colored coloured
favor favour; favors favours; favored favoured; favorable favourable; favorably favourably
unfavorable unfavourable; favorite favourite
honor honour; honors honours; honored honoured; honorable honourable
labor labour; labored laboured
neighbor neighbour; neighbors neighbours; neighborhood neighbourhood
neighborhoods neighbourhoods; neighboring neighbouring
rumor rumour; endeavor endeavour; endeavors endeavours; harbor harbour; humor humour
odor odour; odors odours; vigor vigour; rigor rigour; armor armour; flavor flavour
demeanor demeanour; misdemeanor misdemeanour; candor candour; savior saviour; vapor vapour
defense defence; defenses defences; offense offence; offenses offences; pretense pretence
fulfill fulfil; fulfills fulfils; fulfillment fulfilment; enroll enrol; enrolls enrols
enrollment enrolment; installment instalment; installments instalments; instill instil
willful wilful; willfully wilfully; skillful skilful
traveled travelled; traveling travelling; traveler traveller; canceled cancelled
canceling cancelling; labeled labelled; labeling labelling; modeled modelled
modeling modelling; counselor counsellor; counselors counsellors; counseling counselling
counseled counselled; fueled fuelled; signaled signalled; leveled levelled; totaled totalled
marvelous marvellous; jewelry jewellery
catalog catalogue; catalogs catalogues
aging ageing; acknowledgment acknowledgement; acknowledgments acknowledgements
practicing practising; practiced practised
toward towards; afterward afterwards; percent per cent
gray grey; mold mould; molds moulds; moldy mouldy
fiber fibre; fibers fibres; liter litre; liters litres; theater theatre; meager meagre
somber sombre; caliber calibre; maneuver manoeuvre; kilometer kilometre
artifact artefact; skeptical sceptical; skepticism scepticism; cozy cosy
aluminum aluminium; sulfur sulphur; airplane aeroplane
pediatric paediatric; anesthetic anaesthetic; diarrhea diarrhoea; archeology archaeology
program programme; programs programmes; license licence; licenses licences
"""
PAIRS: dict[str, str] = dict(
    pair.split(maxsplit=1) for line in _TABLE.strip().splitlines() for pair in line.split(";")
)
"""The curated American → British pairs (the -ize and -yze families are matched by rule)."""

# -ize words that are -ize in British English too.
_IZE_EXCEPTIONS = ("size", "seize", "prize", "maize", "baize", "assize", "capsize")
_IZE = re.compile(r"(?:iz|yz)(?=(?:e|es|ed|er|ers|ing|ation|ations|ational|able)$)")
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")

# "License" is the British verb (to license, licensed, licensing); only the noun is "licence".
_VERB_CUES = frozenset("to must may will shall can could should would not cannot also".split())
_NOUN_CUES = frozenset("""a an the this that these those his her their its our your my any each
every no such valid new hmo selective mandatory additional premises personal driving
occupation own""".split())
_NOUN_FOLLOWERS = frozenset("""holder holders fee fees condition conditions application
applications agreement agreements number scheme schemes period""".split())
# "Program" is British for a computer program; anything else is a "programme".
_COMPUTING = re.compile(
    r"\b(?:(?i:computers?|software|apps?|code|coding|install(?:ed|s)?|download(?:ed|s)?|"
    r"algorithms?|scripts?)|IT)\b")

_MASKS = (
    re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[^\n]*$", re.MULTILINE | re.DOTALL),
    re.compile(r"`[^`\n]*`"),
    re.compile(r"<cite\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>.*?</cite\s*>", re.IGNORECASE | re.DOTALL),
    re.compile(r"<(?:[^<>\"']|\"[^\"]*\"|'[^']*')*>"),
    re.compile(r"^[ \t]*>.*$", re.MULTILINE),
    re.compile(r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)"),
    re.compile(r"\b(?:https?://|www\.)\S+"),
    re.compile(r"\"[^\"\n]*\"|“[^”]*”"),
    re.compile(r"(?<!\w)['‘](?=\S)[^\n]*?(?<=\S)['’](?!\w)"),
)


@dataclass(frozen=True)
class Spelling:
    """An American spelling found at ``offset``, and its British form."""

    offset: int
    word: str
    british: str


def masked(text: str) -> str:
    """``text`` with everything quoted verbatim blanked out, offsets unchanged."""
    chars = list(text)
    for pattern in _MASKS:
        for m in pattern.finditer("".join(chars)):
            chars[m.start():m.end()] = " " * (m.end() - m.start())
    return "".join(chars)


def american_spellings(text: str) -> list[Spelling]:
    """American spellings in the answer's own words, in order."""
    plain = masked(text)
    found = []
    for m in _WORD.finditer(plain):
        word = m.group()
        if word[0].isupper() and not _starts_sentence(plain, m.start()):
            continue  # a proper name: "Pearl Harbor", "World Health Organization"
        british = _british(word.lower(), plain, m)
        if british is not None:
            found.append(Spelling(m.start(), word, _same_case(word, british)))
    return found


def british_notes(text: str, limit: int = 10) -> list[str]:
    """One note per distinct American spelling; none when the answer is British English."""
    distinct = {s.word.lower(): s for s in american_spellings(text)}
    notes = [f'American spelling "{s.word}": use "{s.british}".'
             for s in list(distinct.values())[:limit]]
    if len(distinct) > limit:
        notes.append(f"…and {len(distinct) - limit} more American spellings.")
    return notes


def _british(word: str, plain: str, m: re.Match[str]) -> str | None:
    if word in ("license", "licenses"):
        return PAIRS[word] if _is_noun(plain, m) else None
    if word in ("program", "programs"):
        window = plain[max(0, m.start() - 80):m.end() + 80]
        return None if _COMPUTING.search(window) else PAIRS[word]
    if word in PAIRS:
        return PAIRS[word]
    return _ise(word)


def _ise(word: str) -> str | None:
    """``organization`` → ``organisation``; ``analyze`` → ``analyse``; ``size`` is fine."""
    if "-" in word:
        *head, last = word.split("-")
        british = _ise(last)
        return "-".join([*head, british]) if british else None
    m = _IZE.search(word)
    if m is None or m.start() == 0:
        return None
    lemma = word[:m.start()] + m.group()[0] + "ze"
    if lemma.endswith(_IZE_EXCEPTIONS):
        return None
    return word[:m.start()] + m.group()[0] + "s" + word[m.end():]


def _is_noun(plain: str, m: re.Match[str]) -> bool:
    before = plain[:m.start()].split()
    after = plain[m.end():].split(maxsplit=1)
    previous = before[-1].lower().strip("*_(,") if before else ""
    following = after[0].lower().strip("*_.,;:)") if after else ""
    if previous in _VERB_CUES:
        return False
    return previous in _NOUN_CUES or following in _NOUN_FOLLOWERS


def _starts_sentence(plain: str, pos: int) -> bool:
    """Whether ``pos`` opens a sentence, line, heading or list item (Markdown aside)."""
    i = pos
    while i > 0 and plain[i - 1] in " \t*_#>-+(\"“‘[":
        i -= 1
    if i == 0 or plain[i - 1] == "\n":
        return True
    if plain[i - 1] in ".!?:":
        # "1. Organize…" is a list item; "e.g. Organization" is still mid-sentence but rare.
        return True
    return False


def _same_case(original: str, british: str) -> str:
    if original.isupper():
        return british.upper()
    if original[0].isupper():
        return british[0].upper() + british[1:]
    return british
