"""Whose words a quote from a judgment is: the court's decision, or something it reports.

A judgment reports much that it does not decide: counsel's submissions ("Mr Fordham submits
that …", "Y submits the following are relevant considerations: …"), propositions it goes on to
reject ("Nor do I accept that … is authority for the proposition that …"), other courts' and
other people's words that it quotes ("Wilson LJ said (at [40]): “…”", "the Office was quoted as
saying that it believed that …"), and points it leaves open or answers only in the alternative
("Although the point does not now arise, I think …", "If the question had been …, I would
conclude …", "It is not clear whether …"). A genuine quote of such words does not support a
statement that the court found, held or decided them. Two general rules, each a doubt (the
citation is left unverified, never removed):

- *reported words presented as the court's finding*: the quote sits in a party's submission, a
  proposition the court reports, or words it quotes, and the statement says the court or judge
  found, held or decided it, without attributing it to anyone;
- *an open or hypothetical point presented as decided*: the quote's sentence leaves the point
  open or answers it only hypothetically, and the statement says it as settled, with no hedge
  of its own ("would", "if", "whether", "left open" …).
"""

from __future__ import annotations

import re

from shared.verification.quotes import normalise

__all__ = ["attribution_doubts", "words_before", "words_up_to"]

_REPORTING = re.compile(
    r"\b(?:submit(?:s|ted)?|contend(?:s|ed)?|argu(?:es|ed)|assert(?:s|ed)|maintain(?:s|ed)|"
    r"urg(?:es|ed)|suggest(?:s|ed)|claimed|says?|said|stat(?:es|ed)|believ(?:es|ed)|"
    r"quoted as saying|told|alleg(?:es|ed)|observ(?:es|ed)|"
    r"(?:(?<=\bJ )|(?<=\bLJ )|(?<=\bCJ ))(?:held|concluded|decided|ruled|found)|"
    r"\bit was (?:held|decided)|"
    r"(?:ask|invit)(?:s|es|ed) (?:me|us|the (?:court|judge|tribunal)) to)\b",
    re.IGNORECASE)
"""A verb that reports someone's words or view, another judge's holding among them ("Blair J
held that …", "Silber J concluded …", "as the Court of Appeal observed", "In Sporrong … it was
held that …"), or a party's request ("Mr Stewart asked me to find as a fact that …")."""
_FRAME = re.compile(r"\b(?:submission|contention|argument|proposition|suggestion|assertion|"
                    r"allegation)s?(?: that\b|\s*$)", re.IGNORECASE)
"""A noun that reports a proposition ("the submission that …"; "Mr Tam made the submission",
the quote's own frame read up to its "that")."""
_COURT_SPEAKS = re.compile(r"\b(?:I|we)\b(?:\s+\w+){0,2}\s*$|\bbe\s*$")
"""The court as the subject of a reporting verb ("I said", "I would add"), or speaking
impersonally ("it need hardly be said that …")."""
_ADOPTED = re.compile(r"\b(?:I|we) (?:(?:further|also|entirely|therefore|would) )?"
                      r"(?:accept|agree)\b|\bI am (?:satisfied|persuaded)\b|\brightly\b",
                      re.IGNORECASE)
_NEGATED_BEFORE = re.compile(r"\b(?:not|nor|never|n't)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_LEAD_IN = re.compile(r"\b(?:submits?|submitted|contends?|contended|argues?|argued|relies? on|"
                      r"resists?)[^.:]{0,80}:", re.IGNORECASE)
"""A party's list of points ("Y submits the following are relevant considerations:")."""
_PARAGRAPH = re.compile(r"(?:^|\s)\d{1,3}\.\s")
"""A new numbered paragraph of the judgment."""
_SENTENCE_END = re.compile(r"[.!?]['\")]*\s+(?=[\"'(]?[A-Z0-9(])")
"""Where a sentence ends, in normalised text (straight quote marks)."""

_OPEN = re.compile(
    r"\bif I am wrong\b|\b(?:does|did) not (?:now )?arise\b|"
    r"\b(?:not necessary|unnecessary) (?:for me )?to (?:decide|consider|determine)\b|"
    r"\bit is not clear whether\b|\bI would (?:have|conclude|hold|find|decide|grant|refuse|"
    r"allow|dismiss)\b|\bhad I (?:found|determined|decided|concluded|held)\b|"
    r"\bif the question had been\b|\bif I had (?:found|determined|decided|concluded|held)\b|"
    r"\bhypothetical\b",
    re.IGNORECASE)
"""A point left open, or answered only hypothetically or in the alternative."""

_COURT_FINDS = re.compile(
    r"\b(?:court|judge|tribunal|justice|[A-Z][a-z]+ (?:LJ|J|MR))\b(?:\s+\w+){0,2}?\s+"
    r"(?:found|finds|held|holds|decided|decides|ruled|rules|concluded|concludes|determined|"
    r"determines|certified|certifies|accepted|accepts|estimated|estimates)\b|"
    r"\b(?:held|ruled) that\b", re.IGNORECASE)
"""The statement gives the words as the court's own finding."""
_ATTRIBUTED = re.compile(
    r"\b(?:submi\w*|contend\w*|contention\w*|argu\w*|claimed|says?|said|stat(?:ed|es|ement)|"
    r"quot\w*|cit(?:ed|ing|es)|according|evidence|testi\w*|told|suggest\w*|proposition|"
    r"position|maintain\w*|urg\w*|assert\w*|alleg\w*|report\w*|believ\w*|not(?:ed)? accept\w*|"
    r"did not accept|reject\w*|counsel|not(?:ed|es)|record(?:s|ed)|recount\w*|observ\w*)\b",
    re.IGNORECASE)
_HEDGED = re.compile(
    r"\b(?:would|might|could|if|whether|unless|open|unclear|not clear|arise|arisen|obiter|"
    r"in passing|alternative|added|hypothetical\w*|likely|probabl\w*)\b", re.IGNORECASE)


def attribution_doubts(claim: str, judgment: str, quote: str) -> list[str]:
    """Why the quoted words, as the judgment says them, do not bear the statement's framing."""
    found = _locate(judgment, quote)
    if found is None:
        return []
    text, start, end = found
    sentence_start = _sentence_start(text, start)
    prefix = text[sentence_start:start] + _lead(text[start:end])
    sentence = text[sentence_start:_sentence_end(text, end)]
    doubts = []
    if _COURT_FINDS.search(claim) and not _ATTRIBUTED.search(claim) and (
            _reported(prefix) or _quoted(text, start) or _in_lead_in(text, sentence_start)):
        doubts.append("The statement gives as the court's finding words the judgment reports "
                      "from a party or another source.")
    if _OPEN.search(sentence) and not _HEDGED.search(claim):
        doubts.append("The statement gives as decided a point the judgment leaves open or "
                      "answers only hypothetically.")
    return doubts


def words_up_to(judgment: str, quote: str) -> str:
    """The quote's sentence in the judgment, up to the quote's end (normalised): what says
    whose words they are."""
    found = _locate(judgment, quote)
    if found is None:
        return ""
    text, start, end = found
    return text[_sentence_start(text, start):end]


def words_before(judgment: str, quote: str, reach: int = 400) -> str:
    """Up to ``reach`` characters of the judgment before the quote (normalised): where the
    person a pronoun in the quote stands for was named."""
    found = _locate(judgment, quote)
    if found is None:
        return ""
    text, start, _end = found
    return text[max(0, start - reach):start]


def _lead(quoted: str) -> str:
    """The quote's own opening (up to its first "that" when short, else its first words): a
    quote may carry its reporting frame with it ("Mr Lord submitted that …", "as the Court of
    Appeal observed …"), and the frame is read with what precedes the quote."""
    m = re.search(r"\bthat\b", quoted)
    if m is not None and len(quoted[:m.start()].split()) <= 12:
        return quoted[:m.start()]
    return " ".join(quoted.split()[:6])


def _locate(judgment: str, quote: str) -> tuple[str, int, int] | None:
    text = normalise(judgment)
    part = normalise(re.split(r"\s*(?:\.\.\.|…)\s*", quote)[0]).strip(" .")
    at = text.find(part) if part else -1
    return None if at < 0 else (text, at, at + len(part))


def _sentence_start(text: str, at: int) -> int:
    window = max(0, at - 800)
    ends = [m for m in _SENTENCE_END.finditer(text, window, at + 4) if m.end() <= at]
    return ends[-1].end() if ends else window


def _sentence_end(text: str, at: int) -> int:
    m = _SENTENCE_END.search(text, at)
    return m.start() + 1 if m else len(text)


def _reported(prefix: str) -> bool:
    """The words follow a reporting verb or frame whose speaker is not the court, in a
    sentence where the court does not adopt them."""
    adopted = [m for m in _ADOPTED.finditer(prefix)
               if not _NEGATED_BEFORE.search(prefix[:m.start()])]
    if adopted:
        return False
    if _FRAME.search(prefix):
        return True
    return any(not _COURT_SPEAKS.search(prefix[:m.start()])
               for m in _REPORTING.finditer(prefix))


def _quoted(text: str, at: int) -> bool:
    """The words lie inside double quotation marks opened in the same numbered paragraph (a
    passage the judgment quotes from another judgment, a letter, a report)."""
    before = text[max(0, at - 3000):at]
    paragraphs = list(_PARAGRAPH.finditer(before))
    if paragraphs:
        before = before[paragraphs[-1].end():]
    return before.count('"') % 2 == 1


def _in_lead_in(text: str, sentence_start: int) -> bool:
    """The sentence is an item of a party's list of points, in the same paragraph."""
    before = text[max(0, sentence_start - 1000):sentence_start]
    leads = list(_LEAD_IN.finditer(before))
    return bool(leads) and not _PARAGRAPH.search(before[leads[-1].end():])
