"""What a passage says would have happened, stated as what did happen.

"I think it very likely that I would have taken the same view", "he would have refused to
reopen the transaction", "the result would be no different if the Claimants had been granted
discretionary victim status": a judgment's counterfactuals and its reports of what another
judge would have done are not its decision. A statement that takes the verb of such a clause
and asserts it plainly ("the court refused to reopen the transaction", "the claimants were
granted victim status"), with no conditional of its own, reports a hypothesis as fact. A doubt
(unverified, never removed): a paraphrase may carry the condition in other words.
"""

from __future__ import annotations

import re

from shared.text.terms import WORD, stem

__all__ = ["stated_as_fact"]

_HYPOTHETICAL = re.compile(
    r"\bwould (?:\w+ly )?(?:not )?have (?:been )?(?P<a>[a-z]{4,})\b|"
    r"\bif [^,.;]{0,80}?\bhad (?:not )?(?:been )?(?P<b>[a-z]{4,})\b|"
    r"\bhad (?:I|he|she|we|they|the court) (?P<c>[a-z]{4,})\b", re.IGNORECASE)
_OWN_CONDITION = re.compile(r"\b(?:would|could|might|if|had (?:\w+ )?been|hypothetical\w*|"
                            r"unless|were it|had it|in the event)\b", re.IGNORECASE)
_HELPERS = frozenset("""taken made given found been done""".split())
"""Light verbs whose object carries the meaning: "would have taken the same view"."""


def stated_as_fact(claim: str, passage: str) -> list[str]:
    """Verbs the passage puts in a counterfactual and the statement asserts outright."""
    if _OWN_CONDITION.search(claim):
        return []
    wanted = {stem(w) for m in _HYPOTHETICAL.finditer(passage)
              for w in [m["a"] or m["b"] or m["c"]] if w.lower() not in _HELPERS}
    said = {stem(w.lower()) for w in WORD.findall(claim)}
    return [f"The statement states as fact what the quoted passage puts hypothetically "
            f"(“{w}…”)." for w in sorted(wanted & said)]
