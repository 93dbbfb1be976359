"""From what the legal checks found to one ``Outcome``: which issues remove a citation.

Removed (the citation is wrong or made up, and its sentence is withheld): not_found,
quote_mismatch, name_mismatch, jurisdiction, repealed or not_in_force cited as current law,
and claim_unsupported when the source contradicts a figure or a duty. Everything else the
checks doubt leaves the citation unverified, marked in the answer but kept. Legislation from
before 1963 that is not removed is ``pre_1963_digitised``. An authority a partial corpus
does not hold is ``not_in_corpus``: unverified, never removed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shared.verification.checks import Outcome
from shared.verification.judge import Verdict

__all__ = ["CheckFinding", "judged", "outcome_of"]


@dataclass(frozen=True)
class CheckFinding:
    issue: str
    removes: bool
    detail: str


def outcome_of(findings: Sequence[CheckFinding], *, uri: str | None, pre_1963: bool = False,
               checked: str = "", notes: Sequence[str] = ()) -> Outcome:
    """``checked`` says what was confirmed; ``notes`` what was skipped and why."""
    issues = list(dict.fromkeys(f.issue for f in findings))
    removing = [f for f in findings if f.removes]
    text = [f.detail for f in (removing or findings)]
    if removing:
        return Outcome(status="removed", issues=tuple(issues), source_uri=uri,
                       detail=" ".join(text))
    if pre_1963:
        note = ("Enacted before 1963: the text is digitised from print and may contain "
                "errors.")
        return Outcome(status="pre_1963_digitised", issues=tuple([*issues, "pre_1963"]),
                       source_uri=uri, detail=" ".join([note, *text, *notes]).strip())
    if findings:
        return Outcome(status="unverified", issues=tuple(issues), source_uri=uri,
                       detail=" ".join(text))
    return Outcome(status="verified", source_uri=uri, detail=" ".join([checked, *notes]).strip())


def judged(verdict: Verdict) -> list[CheckFinding]:
    """What a model judge's verdict adds: it can only take verification away, never give it."""
    if verdict.supported is False:
        return [CheckFinding("claim_unsupported", False,
                        f"A model judge found the claim unsupported: {verdict.reason}")]
    if verdict.supported is None:
        return [CheckFinding("check_failed", False, verdict.reason)]
    return []
