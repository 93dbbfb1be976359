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
_TYPED = re.compile(r"(?<![\w'’£.])(" + "|".join(
    re.escape(w) for w in sorted({*_WORDS, *(w.capitalize() for w in _WORDS if len(w) > 1)},
                                 key=len, reverse=True)) + r")(?![\w'’])")
"""Lower case, or capitalised at a sentence's start; never a capital "U" (a letter)."""
_MY = re.compile(r"(?<![\w'’])me(?= (?:nan|nana|gran|grandad|mum|mam|dad|mom|son|daughter|kids?|"
                 r"husband|wife|partner|rent|flat|house|home|boiler|heating|bedroom|kitchen|"
                 r"bathroom|door|window|landlord|neighbours?|tenancy)\b)", re.IGNORECASE)
""""Me" for "my" before a person or a thing of one's home ("me nan", "me rent"): the object
"me" ("ring me back", "give me a") stands before no such noun."""
_REPEATED = re.compile(r"([?!])[?!]+")


def respelt(question: str) -> str:
    """``question`` with its text-speak, its "me" for "my" and its contractions without an
    apostrophe spelt out, and "??" or "!!" as one mark."""
    text = _TYPED.sub(lambda m: _cased(m.group(1), _WORDS[m.group(1).lower()]), question)
    text = _MY.sub(lambda m: "My" if m.group(0)[0] == "M" else "my", text)
    return _REPEATED.sub(r"\1", text)


def _cased(typed: str, spelt: str) -> str:
    """``spelt`` capitalised as ``typed`` was at its start ("Theres": "There's"); "I" always."""
    if spelt.startswith("I'"):
        return spelt
    return spelt[0].upper() + spelt[1:] if typed[0].isupper() else spelt
