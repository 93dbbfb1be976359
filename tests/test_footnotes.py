"""Citations as a reader sees them: footnote numbers, titles, badges, markup stripped while it
streams (``shared.footnotes``, pure)."""

from __future__ import annotations

import re
import uuid

import msgspec
import pytest

from shared.footnotes import Check, SourceTitles, StreamedText, changes, render

DOC = uuid.UUID("0b7c9a52-4f1e-4a6e-9d4a-2c1f0e5d7a11")
POLICY = f"doc:{DOC}#2"
HMO = "ukpga/2004/34/section/55/2"
S21 = "ukpga/1988/50/section/21"
UUID_PATTERN = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

ANSWER = (
    f'We inspect within 5 working days <cite ref="{POLICY}" quote="within 5 working days">1'
    '</cite>. Every HMO of a prescribed description must be licensed <cite ref="'
    f'{HMO}" quote="every HMO">2</cite>.\n\nAs above, inspections come first <cite '
    f'ref="{POLICY}" quote="within 5 working days">3</cite>. A section 21 notice ended a '
    f'periodic tenancy <cite ref="{S21}" quote="the court shall make an order">4</cite>.'
)


def _titles() -> SourceTitles:
    titles = SourceTitles()
    titles.observe("policy.source", {"ref": POLICY, "title": "Damp and mould policy",
                                     "document_id": str(DOC), "chunk": 2})
    titles.observe("legal.source", {"act_name": "Housing Act 2004", "section": "s. 55",
                                    "uri": "https://www.legislation.gov.uk/ukpga/2004/34/"
                                           "section/55", "status": "in_force"})
    return titles


def _checks(**statuses: str) -> list[Check]:
    return [
        Check(index=1, ref=POLICY, quote="within 5 working days",
              status=statuses.get("policy", "verified")),
        Check(index=2, ref=HMO, quote="every HMO", status=statuses.get("hmo", "verified"),
              detail="The quote is not in s. 55(2)." if "hmo" in statuses else ""),
        Check(index=3, ref=POLICY, quote="within 5 working days", status="verified"),
        Check(index=4, ref=S21, quote="the court shall make an order", status="verified"),
    ]


def test_numbers_follow_first_appearance_and_a_repeated_citation_keeps_its_number() -> None:
    rendered = render(ANSWER, _checks(), _titles())
    assert re.findall(r"\[(\d+)\]", rendered.text) == ["1", "2", "1", "3"]
    assert [f.number for f in rendered.footnotes] == [1, 2, 3]
    assert rendered.text.startswith("We inspect within 5 working days [1]. Every HMO")


def test_footnotes_name_sources_by_title_never_by_id_and_show_no_markup() -> None:
    rendered = render(ANSWER, _checks(), _titles())
    lines = rendered.listing().splitlines()
    assert lines[0] == '[1] Damp and mould policy — "within 5 working days" ✔ verified'
    assert lines[1] == '[2] Housing Act 2004, s. 55(2) — "every HMO" ✔ verified'
    # No source event names the 1988 Act: the title comes from the Acts the project knows.
    assert lines[2].startswith("[3] Housing Act 1988, s. 21 — ")
    for text in (rendered.text, rendered.listing()):
        assert "<cite" not in text and "</cite>" not in text and "ref=" not in text
        assert not UUID_PATTERN.search(text) and "ukpga/" not in text


def test_a_policy_title_repeating_its_heading_is_shown_once() -> None:
    titles = SourceTitles()
    titles.observe("policy.source", {"ref": POLICY, "title": "Gas safety — Gas safety"})
    assert titles.title(POLICY) == "Gas safety"


def test_each_chunk_is_named_by_its_own_heading() -> None:
    titles = SourceTitles()
    repairs = f"doc:{uuid.uuid4()}"
    for chunk, heading in enumerate(("Scope", "Timescales", "Follow-up")):
        titles.observe("policy.source", {"ref": f"{repairs}#{chunk}",
                                         "title": f"Repairs policy — {heading}"})
    assert titles.title(f"{repairs}#1") == "Repairs policy — Timescales"
    assert titles.title(f"{repairs}#0") == "Repairs policy — Scope"
    # A chunk no source event names: the document's title.
    assert titles.title(f"{repairs}#7") == "Repairs policy"


def test_an_unnamed_policy_document_is_still_not_shown_by_id() -> None:
    rendered = render(ANSWER, _checks(), SourceTitles())
    assert rendered.footnotes[0].title == "A policy document"
    assert not UUID_PATTERN.search(rendered.listing())


def test_findings_titles_name_cases_and_acts_when_no_source_event_does() -> None:
    titles = SourceTitles()
    titles.observe("worker.findings", {"findings": [
        {"ref": "ukpga/1985/70/section/11", "title": "Landlord and Tenant Act 1985, s. 11: "
                                                     "Repairing obligations"},
        {"ref": "[2017] EWHC 3409 (Admin)", "title": "Smith v Jones [2017] EWHC 3409 (Admin)"},
    ]})
    assert titles.title("ukpga/1985/70/section/11/1/b") == ("Landlord and Tenant Act 1985, "
                                                          "s. 11(1)(b)")
    assert titles.title("[2017] EWHC 3409 (Admin)") == "Smith v Jones [2017] EWHC 3409 (Admin)"


@pytest.mark.parametrize(("status", "badge"), [
    ("removed", "✖ removed"), ("unverified", "? unverified"), ("verified", "✔ verified")])
def test_each_status_has_its_badge(status: str, badge: str) -> None:
    [_, hmo, _] = render(ANSWER, _checks(hmo=status), _titles()).footnotes
    assert hmo.badge == badge and hmo.status == status


def test_repealed_law_shows_its_date_and_stays_compatible_without_the_fields() -> None:
    repealed = Check.from_event({
        "index": 4, "ref": S21, "quote": "the court shall make an order", "status": "verified",
        "kind": "legislation", "law_status": "repealed", "status_date": "2026-05-01"})
    [*_, s21] = render(ANSWER, [*_checks()[:3], repealed], _titles()).footnotes
    assert s21.badge == "✔ verified · repealed (1 May 2026)"
    prospective = Check.from_event({**msgspec.to_builtins(repealed), "law_status":
                                    "not_in_force", "status_date": "2027-01-31"})
    [*_, s21] = render(ANSWER, [prospective], _titles()).footnotes
    assert s21.badge == "✔ verified · not yet in force (from 31 January 2027)"
    plain = Check.from_event({"index": 4, "ref": S21, "quote": "the court shall make an order",
                              "status": "verified", "kind": "legislation"})
    assert render(ANSWER, [plain], _titles()).footnotes[2].badge == "✔ verified"


def test_the_sources_own_status_is_used_when_the_check_has_none() -> None:
    titles = _titles()
    titles.observe("legal.source", {"act_name": "Housing Act 1988", "section": "s. 21",
                                    "uri": f"https://www.legislation.gov.uk/{S21}",
                                    "status": "repealed"})
    [*_, s21] = render(ANSWER, _checks(), titles).footnotes
    assert s21.title == "Housing Act 1988, s. 21" and s21.badge == "✔ verified · repealed"


def test_a_repeated_citation_withheld_once_keeps_the_status_of_its_remaining_markers() -> None:
    checks = _checks()
    checks[2] = Check(index=3, ref=POLICY, quote="within 5 working days", status="removed")
    assert render(ANSWER, checks, _titles()).footnotes[0].status == "verified"
    checks[0] = Check(index=1, ref=POLICY, quote="within 5 working days", status="removed")
    assert render(ANSWER, checks, _titles()).footnotes[0].status == "removed"


def test_a_withheld_citation_is_listed_without_a_number() -> None:
    revised = ANSWER.replace(
        f'Every HMO of a prescribed description must be licensed <cite ref="{HMO}" '
        'quote="every HMO">2</cite>.', "I could not verify the source for a statement here.")
    rendered = render(revised, _checks(hmo="removed"), _titles())
    assert re.findall(r"\[(\d+)\]", rendered.text) == ["1", "1", "2"]
    withheld = rendered.footnotes[-1]
    assert withheld.number is None and withheld.status == "removed"
    assert withheld.line() == '• Housing Act 2004, s. 55(2) — "every HMO" ✖ removed'


def test_a_check_not_yet_arrived_is_pending_and_malformed_markup_is_dropped() -> None:
    text = 'Rent is reviewed <cite quote="no ref">1</cite> yearly <cite ref="' + POLICY + '">2'
    rendered = render(text, [], _titles())
    assert rendered.text == "Rent is reviewed  yearly [1]2"  # unclosed: "2" is text
    assert rendered.footnotes[0].status == "pending"
    stream = StreamedText()
    assert stream.feed(text) + stream.finish() == rendered.text


@pytest.mark.parametrize("size", [1, 2, 5, 7, 13, 64, len(ANSWER)])
def test_tags_split_across_stream_pieces_render_as_the_whole_text_does(size: int) -> None:
    stream = StreamedText()
    shown = [stream.feed(ANSWER[i:i + size]) for i in range(0, len(ANSWER), size)]
    shown.append(stream.finish())
    assert "".join(shown) == render(ANSWER, _checks(), _titles()).text == stream.text
    assert all("<" not in piece and "cite" not in piece for piece in shown)


def test_the_stream_shows_prose_at_once_and_holds_only_what_may_be_a_tag() -> None:
    stream = StreamedText()
    assert stream.feed("Rent < £100 and a <b>bold</b> claim <ci") == (
        "Rent < £100 and a <b>bold</b> claim ")
    assert stream.feed("te ref=\"" + HMO + "\" quote=\"a > b\">") == ""
    assert stream.feed("7</cite>. Done") == "[1]. Done"
    assert stream.feed(" <cite ref=\"" + S21 + "\">never closed, and the answer goes on to say "
                       "a great deal more").startswith(" [2]never closed")
    assert stream.feed(" <ci") == " " and stream.finish() == ""


def test_changes_are_only_the_sentences_that_differ() -> None:
    numbering = StreamedText()
    draft = numbering.feed(ANSWER)
    revised = ANSWER.replace("A section 21 notice ended a periodic tenancy",
                             "A section 21 notice (unverified) ended a periodic tenancy")
    after = render(revised, _checks(), _titles(), numbering=numbering.numbering).text
    [(was, now)] = changes(draft, after)
    assert was.startswith("A section 21 notice ended") and "(unverified)" in now
    assert changes(draft, draft) == []
