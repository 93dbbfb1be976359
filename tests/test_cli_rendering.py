"""The terminal rendering of ``yourai ask`` when checks arrive while the answer streams (as
they do once sentences are verified mid-stream): a footnote never splits a line of the answer."""

from __future__ import annotations

import pytest

from cli.client import _Renderer

REF = "ukpga/2004/34/section/55"
TAG = f'<cite ref="{REF}" quote="every HMO to which this Part applies">1</cite>'


def _check(status: str, **extra: object) -> dict[str, object]:
    return {"index": 1, "ref": REF, "kind": "legislation", "status": status,
            "quote": "every HMO to which this Part applies", **extra}


def test_a_footnote_arriving_mid_line_waits_for_the_line_to_end(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = _Renderer(raw=False)
    shown.show("legal.source", {"act_name": "Housing Act 2004", "section": "s. 55",
                                "uri": f"https://www.legislation.gov.uk/{REF}",
                                "status": "in_force"})
    capsys.readouterr()
    for piece in ("An HMO must be licensed ", TAG[:20], TAG[20:], ". It"):
        shown.show("content.delta", {"text": piece})
    shown.show("citation.checked", _check("verified"))
    assert capsys.readouterr().out == "\nAn HMO must be licensed [1]. It"
    shown.show("content.delta", {"text": " applies to all.\n\nNext"})
    assert capsys.readouterr().out == (
        " applies to all.\n\n\nSources:\n"
        '  [1] Housing Act 2004, s. 55 — "every HMO to which this Part applies" ✔ verified\n'
        "Next")
    shown.show("draft.completed", {"text": ""})
    shown.show("citation.checked", _check("verified"))  # the same badge again: not repeated
    shown.show("citation.checked", _check("removed", detail="Not in s. 55."))
    assert capsys.readouterr().out == (
        '\n  [1] Housing Act 2004, s. 55 — "every HMO to which this Part applies" ✖ removed\n'
        "      Not in s. 55.\n")
