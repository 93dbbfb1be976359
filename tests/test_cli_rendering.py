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
        " applies to all.\n\nSources:\n"
        '  [1] Housing Act 2004, s. 55 — "every HMO to which this Part applies" ✔ verified\n'
        "\nNext")
    shown.show("draft.completed", {"text": ""})
    shown.show("citation.checked", _check("verified"))  # the same badge again: not repeated
    shown.show("citation.checked", _check("removed", detail="Not in s. 55."))
    assert capsys.readouterr().out == (
        '\n  [1] Housing Act 2004, s. 55 — "every HMO to which this Part applies" ✖ removed\n'
        "      Not in s. 55.\n")


def test_a_line_between_pieces_of_a_tag_does_not_leak_its_markup(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = _Renderer(raw=False)
    shown.show("content.delta", {"text": "An HMO must be licensed " + TAG[:15]})
    shown.show("title.generated", {"title": "HMO licensing"})
    shown.show("content.delta", {"text": TAG[15:] + ".\n"})
    shown.show("draft.completed", {"text": ""})
    out = capsys.readouterr().out
    assert out == "\nAn HMO must be licensed \n• title: HMO licensing\n\n[1].\n"


def test_each_revision_shows_only_its_own_changes(capsys: pytest.CaptureFixture[str]) -> None:
    shown = _Renderer(raw=False)
    withheld = "I could not verify the source for a statement here."
    first = f"Rent is due monthly {TAG}. Repairs take a day."
    shown.show("content.delta", {"text": first})
    shown.show("answer.revised", {"text": f"Rent is due monthly {TAG}. {withheld}"})
    shown.show("content.delta", {"text": " Gas is checked yearly."})
    shown.show("answer.revised", {"text": f"Rent is due monthly {TAG}. {withheld} Gas is "
                                          "checked yearly (unverified)."})
    shown.show("draft.completed", {"text": ""})
    out = capsys.readouterr().out
    assert out.count("Changed after verification:") == 2
    assert out.count(f"now: {withheld}") == 1 and out.count("was: Repairs take a day.") == 1
    assert "was: Gas is checked yearly.\n  now: Gas is checked yearly (unverified).\n" in out
    assert "<cite" not in out and out.count("Rent is due monthly [1].") == 1


def test_a_revision_made_while_streaming_stands_for_the_draft_it_covers(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = _Renderer(raw=False)
    withheld = "I could not verify the source for a statement here."
    sentence = f"Repairs take a day {TAG}."
    shown.show("content.delta", {"text": sentence + " Gas is che"})
    shown.show("answer.revised", {"text": withheld, "draft_chars": len(sentence)})
    shown.show("content.delta", {"text": "cked yearly.\n"})
    shown.show("draft.completed", {"text": sentence + " Gas is checked yearly.\n"})
    shown.show("answer.revised", {"text": f"{withheld} Gas is checked yearly.\n"})
    out = capsys.readouterr().out
    # The sentence withheld mid-stream is reported once; the whole answer's revision, which
    # agrees with it, adds nothing; the answer is not printed again.
    assert out.count("Changed after verification:") == 1, out
    assert "was: Repairs take a day [1].\n  now: " + withheld in out
    assert out.count("Gas is checked yearly") == 1 and out.count("cked yearly") == 1
