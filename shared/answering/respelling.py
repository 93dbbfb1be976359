"""How tenants type a question, respelt as it is written before it is read.

Tenants and their families type on a phone: "thru", "u", "nite", "wot", "b4", "me nan", a
contraction without its apostrophe ("theres", "wont", "aint"), "??" for "?". The embedding
model reads such a question as far from every source: "theres water pouring thru my kitchen
ceiling … how fast can u get someone here" scores 0.13 against the emergency repairs rule, the
same question spelt out 0.34. Respelling touches only whole words that are nothing else in a
question about housing ("its" and "id" are left: they are words of their own), never a number
or a name, so a question already spelt out is returned unchanged.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_WORDS: dict[str, str] = {
    # Text-speak.
    "u": "you", "ur": "your", "thru": "through", "nite": "night", "tonite": "tonight",
    "wot": "what", "wat": "what", "b4": "before", "cos": "because", "coz": "because",
    "cuz": "because", "tho": "though", "til": "until", "pls": "please", "plz": "please",
    "gonna": "going to", "wanna": "want to", "dunno": "don't know", "ppl": "people",
    "tmrw": "tomorrow", "2moro": "tomorrow", "2day": "today", "msg": "message",
    "txt": "text", "hrs": "hours", "mins": "minutes", "wks": "weeks", "wk": "week",
    "bcos": "because", "smth": "something", "sumthing": "something",
    "nothin": "nothing", "somethin": "something", "aswell": "as well", "alot": "a lot",
    # Contractions typed without their apostrophe.
    "theres": "there's", "thats": "that's", "whats": "what's", "wheres": "where's",
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't",
    "wont": "won't", "isnt": "isn't", "wasnt": "wasn't", "arent": "aren't",
    "havent": "haven't", "hasnt": "hasn't", "hadnt": "hadn't", "shouldnt": "shouldn't",
    "couldnt": "couldn't", "wouldnt": "wouldn't", "aint": "isn't", "im": "I'm",
    "ive": "I've", "youre": "you're", "theyre": "they're", "theyve": "they've",
    "shes": "she's", "hes": "he's", "weve": "we've", "youve": "you've",
}
_TYPED = re.compile(r"(?<![\w'’£.-])(" + "|".join(
    re.escape(w) for w in sorted({*_WORDS, *(w.capitalize() for w in _WORDS
                                             if len(w) > 1 and not any(c.isdigit() for c in w))},
                                 key=len, reverse=True)) + r")(?![\w'’-])")
"""Lower case, or capitalised at a sentence's start; never a capital "U" (a letter), a word
joined to another by a hyphen ("u-bend"), or a capitalised form with a digit ("B4": a flat or a
postcode)."""
_CODE_WORDS = re.compile(r"\b(?:flats?|unit|apartment|apt|no|number|postcode|post code|block|"
                         r"house|room)\.?(?: is)? $", re.IGNORECASE)
_BEFORE = re.compile(r"(\S+) $")
_AFTER = re.compile(r" (\S+)")
"""A word typed with a digit ("b4", "2day") is a code when a flat or postcode word stands just
before it, or a token with a digit that is no text-speak of its own stands beside it ("flat
b4", "b4 7da"; not "b4 2moro")."""
_NOT_AFTER_A_VERB = ("in", "on", "at", "with", "to", "for", "from", "of", "about", "by",
                     "into", "onto", "under", "over", "behind", "near", "through", "thru",
                     "and", "but", "or", "so", "because", "cos", "coz", "when", "while", "if",
                     "as", "than", "like", "all", "both")
_MY = re.compile(r"(?:^|(?<=[.,;:!?(] )|" + "|".join(
    rf"(?<=(?<![\w'’]){w} )" for w in _NOT_AFTER_A_VERB)
    + r")me(?= (?:nan|nana|gran|grandad|mum|mam|dad|mom|son|daughter|kids?|"
    r"husband|wife|partner|rent|flat|house|home|boiler|heating|bedroom|kitchen|"
    r"bathroom|door|window|landlord|neighbours?|tenancy)\b)", re.IGNORECASE)
""""Me" for "my" before a person or a thing of one's home ("me nan", "me rent"), and only at a
sentence's start or after a preposition or a conjunction ("in me flat", "and me kids"): straight
after a verb "me" is its object ("charge me rent", "sent me home", "ring me back")."""
_REPEATED = re.compile(r"([?!])[?!]+")


def respelt(question: str) -> str:
    """``question`` with its text-speak, its "me" for "my" and its contractions without an
    apostrophe spelt out, and "??" or "!!" as one mark."""
    text = _TYPED.sub(_spelt_out, question)
    text = _MY.sub(lambda m: "My" if m.group(0)[0] == "M" else "my", text)
    return _REPEATED.sub(r"\1", text)


def _spelt_out(match: re.Match[str]) -> str:
    typed = match.group(1)
    if any(c.isdigit() for c in typed):
        text = match.string
        before = _BEFORE.search(text, 0, match.start())
        after = _AFTER.match(text, match.end())
        beside = [m.group(1).strip("?!.,;:") for m in (before, after) if m]
        if _CODE_WORDS.search(text, 0, match.start()) or any(
                any(c.isdigit() for c in w) and w.lower() not in _WORDS for w in beside):
            return typed
    return _cased(typed, _WORDS[typed.lower()])


def _cased(typed: str, spelt: str) -> str:
    """``spelt`` capitalised as ``typed`` was at its start ("Theres": "There's"); "I" always."""
    if spelt.startswith("I'"):
        return spelt
    return spelt[0].upper() + spelt[1:] if typed[0].isupper() else spelt
