"""What a passage says would have happened, stated as what did happen.

"I think it very likely that I would have taken the same view", "he would have refused to
reopen the transaction", "the result would be no different if the Claimants had been granted
discretionary victim status", "such a claim would still be related to a loss of profits": a
judgment's counterfactuals, the premises it grants only for argument's sake ("even if, as the
Claimants contend, he poses no risk …") and its reports of what another judge would have done
are not its decision. A statement that takes the verb of such a clause
and asserts it plainly ("the court refused to reopen the transaction", "the claimants were
granted victim status"), with no conditional of its own, reports a hypothesis as fact. A doubt
(unverified, never removed): a paraphrase may carry the condition in other words.
"""

from __future__ import annotations

import re

from shared.text.terms import WORD, stem

__all__ = ["decided_from_conditional", "stated_as_fact"]

_HYPOTHETICAL = re.compile(
    r"\bwould (?:\w+ly )?(?:not )?have (?:been )?(?P<a>[a-z]{4,})\b|"
    r"\bwould (?:still|also|then) (?:not )?be (?P<e>[a-z]{3,}ed)\b|"
    r"\bif [^,.;]{0,80}?\bhad (?:not )?(?:been )?(?P<b>[a-z]{4,})\b|"
    r"\bhad (?:I|he|she|we|they|the court) (?P<c>[a-z]{4,})\b", re.IGNORECASE)
_OWN_CONDITION = re.compile(r"\b(?:would|could|might|if|had (?:\w+ )?been|hypothetical\w*|"
                            r"unless|were it|had it|in the event)\b", re.IGNORECASE)
_HELPERS = frozenset("""taken made given found been done""".split())
"""Light verbs whose object carries the meaning: "would have taken the same view"."""


_SUPPOSED = re.compile(r"\beven (?:if|assuming|supposing)\b[\s,]*(?P<premise>.{8,160}?)"
                       r"(?=\b(?:that|this|it|there) (?:does|did|would|will|is|was)\b|"
                       r"\bthen\b|[;:]|$)", re.IGNORECASE)
"""What a passage only supposes for argument's sake: "even if, as the Claimants contend, he
poses no risk of harm to third parties, that does not vitiate …"."""
_PREMISE_TERMS = 3
"""Content words a statement must share with the premise to be stating it."""


def _stems(text: str) -> set[str]:
    return {stem(w.lower()) for w in WORD.findall(text) if len(w) >= 4}


def stated_as_fact(claim: str, passage: str) -> list[str]:
    """Verbs the passage puts in a counterfactual and the statement asserts outright; or the
    premise of an "even if" the statement asserts as found."""
    if _OWN_CONDITION.search(claim):
        return []
    said_terms = _stems(claim)
    for m in _SUPPOSED.finditer(passage):
        if len(_stems(m["premise"]) & said_terms) >= _PREMISE_TERMS:
            return ["The statement states as fact what the quoted passage only supposes "
                    "(“even if …”)."]
    wanted = {stem(w) for m in _HYPOTHETICAL.finditer(passage)
              for w in [m["a"] or m["b"] or m["c"] or m["e"]] if w.lower() not in _HELPERS}
    said = {stem(w.lower()) for w in WORD.findall(claim)}
    return [f"The statement states as fact what the quoted passage puts hypothetically "
            f"(“{w}…”)." for w in sorted(wanted & said)]


_DECIDED = re.compile(r"\b(?:ordered|decided|held|ruled|found|concluded|determined|directed|"
                      r"granted|made an order)\b", re.IGNORECASE)
"""What a statement says the court did."""
_ONLY_WOULD = re.compile(r"\bwould\b", re.IGNORECASE)
_FINITE = re.compile(r"\b(?:is|are|was|were|has|have|had|did|does|do|will|shall|must)\b",
                     re.IGNORECASE)
_OPEN = re.compile(r"\bwhether(?: or not)? (?P<q>[^,.;]{8,120}?)\s+(?:is|was|remains|will be|"
                   r"would be|are|were) (?:a (?:decision|matter|question)|for|open|"
                   r"undecided)\b", re.IGNORECASE)
"""A point the passage leaves to be decided: "whether or not Mr Xu would be given permission
to travel is a decision which would be taken at the material time"."""
_SHARED_TERMS = 3


def decided_from_conditional(claim: str, passage: str) -> list[str]:
    """A passage that speaks only in "would" ("He would be eligible for a fixed term recall
    which would lead to his release") or leaves a point open ("whether or not … is a decision
    which would be taken at the material time"), reported as what the court ordered, held or
    decided: doubted, never removed."""
    if not _DECIDED.search(claim) or re.search(r"\bwhether\b", claim, re.IGNORECASE):
        return []
    said = _stems(claim)
    for m in _OPEN.finditer(passage):
        if len(_stems(m["q"]) & said) >= _SHARED_TERMS:
            return ["The statement says the court decided what the quoted passage leaves to be "
                    "decided (“whether …”)."]
    rest = _ONLY_WOULD.sub(" ", re.sub(r"\bwould (?:not )?(?:have|be)\b", " ", passage,
                                       flags=re.IGNORECASE))
    if _OWN_CONDITION.search(claim) or not _ONLY_WOULD.search(passage) or _FINITE.search(rest):
        return []
    if len(_stems(passage) & said) >= _SHARED_TERMS:
        return ["The statement says the court ordered or decided what the quoted passage says "
                "only would happen."]
    return []
