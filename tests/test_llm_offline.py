"""The offline provider: extractive, verbatim, cited, deterministic and labelled as offline."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from shared.llm import (
    ChatMessage,
    ModelRefused,
    ModelRequest,
    OfflineProvider,
    SourceDocument,
    StreamEnd,
    TextDelta,
)
from shared.llm.extractive import (
    NO_EVIDENCE,
    OFFLINE_LABEL,
    extractive_answer,
    split_sentences,
    title_from_question,
)
from shared.text.terms import stem

_CITE = re.compile(r'<cite ref="([^"]*)" quote="([^"]*)">(\d+)</cite>')

DAMP_POLICY = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000001#0",
    title="Damp and mould policy",
    text="""# Damp and mould policy

## Our commitment

We take every report of damp and mould seriously. Under s. 5 of the Act the council may act.
We will inspect reported damp and mould within 10 working days of the report.

## Tenants

- Tenants should report condensation, damp or mould as soon as they notice it.
* We will give advice on ventilation & heating at the first visit.
1. Serious hazards are made safe within 24 hours.
""",
)
HOUSING_ACT = SourceDocument(
    ref="ukpga/2004/34/section/5",
    title="Housing Act 2004, section 5",
    text=(
        "(1) If a local housing authority consider that a category 1 hazard exists on any "
        "residential premises, they must take the appropriate enforcement action in relation "
        'to the hazard. (2) In subsection (1) "the appropriate enforcement action" means '
        "whichever of the following courses of action is indicated by subsection (3) or (4)."
    ),
)
GAS = SourceDocument(
    ref="doc:7d1c2f0e-0000-4000-8000-000000000002#1",
    title="Gas safety",
    text="Gas appliances are checked every\nyear by a registered engineer.\n\nRecords are kept.",
)
DOCS = [DAMP_POLICY, HOUSING_ACT, GAS]


def _request(question: str, documents: list[SourceDocument], purpose: str = "synthesis"):
    return ModelRequest(
        tier="balanced", purpose=purpose, system="", question=question,  # type: ignore[arg-type]
        messages=[ChatMessage(role="user", content=question)], documents=documents,
    )


def _citations(answer: str) -> list[tuple[str, str, int]]:
    return [(ref, html.unescape(quote), int(n)) for ref, quote, n in _CITE.findall(answer)]


def _ws(text: str) -> str:
    return " ".join(text.split())


def test_answer_is_labelled_and_quotes_every_citation_verbatim() -> None:
    answer = extractive_answer("How quickly will you inspect damp and mould reports?", DOCS)
    assert answer.startswith(OFFLINE_LABEL + "\n\n")
    cites = _citations(answer)
    assert cites, answer
    by_ref = {d.ref: d for d in DOCS}
    for ref, quote, _ in cites:
        assert quote in by_ref[ref].text, (quote, ref)
        assert f'"{quote}" <cite' in answer  # the visible quotation is the cited quote
    assert [n for *_, n in cites] == list(range(1, len(cites) + 1))
    quotes = [q for _, q, _ in cites]
    assert "We will inspect reported damp and mould within 10 working days of the report." in quotes
    assert len(set(quotes)) == len(quotes)


def test_list_and_heading_markers_are_stripped_from_quotes() -> None:
    answer = extractive_answer("When should tenants report condensation or mould?", [DAMP_POLICY])
    quotes = [q for _, q, _ in _citations(answer)]
    expected = "Tenants should report condensation, damp or mould as soon as they notice it."
    assert expected in quotes
    assert not any(q.startswith(("-", "*", "#", "1.")) for q in quotes)
    texts = [s.text for s in split_sentences(DAMP_POLICY.text)]
    assert "Damp and mould policy" in texts  # a heading, without its "#"
    assert "We will give advice on ventilation & heating at the first visit." in texts
    assert "Serious hazards are made safe within 24 hours." in texts
    assert "Under s. 5 of the Act the council may act." in texts  # "s." is not a full stop


def test_quotes_with_markup_characters_are_attribute_escaped() -> None:
    answer = extractive_answer("What is the appropriate enforcement action?", [HOUSING_ACT])
    assert "&quot;the appropriate enforcement action&quot;" in answer
    for _, quote, _ in _citations(answer):
        assert quote in HOUSING_ACT.text
    answer = extractive_answer("What advice about ventilation and heating?", [DAMP_POLICY])
    assert 'quote="We will give advice on ventilation &amp; heating' in answer


def test_wrapped_lines_are_quoted_with_white_space_normalised() -> None:
    answer = extractive_answer("How often are gas appliances checked?", [GAS])
    (ref, quote, _), = _citations(answer)
    assert ref == GAS.ref
    assert "\n" not in quote
    assert _ws(quote) in _ws(GAS.text)
    assert quote == "Gas appliances are checked every year by a registered engineer."


def test_same_input_gives_the_same_answer() -> None:
    question = "What must a housing authority do about a category 1 hazard or damp?"
    first = extractive_answer(question, DOCS)
    assert all(extractive_answer(question, DOCS) == first for _ in range(3))
    assert "ukpga/2004/34/section/5" in first


def test_same_answer_in_other_processes() -> None:
    """Set order varies with the hash seed between processes; the answer must not."""
    code = (
        "from tests.test_llm_offline import DOCS; "
        "from shared.llm.extractive import extractive_answer as a; "
        "print(a('What must a housing authority do about damp, mould or a hazard?', DOCS))"
    )
    root = Path(__file__).resolve().parents[1]
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       cwd=root, env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
        for seed in (1, 2, 3)
    }
    assert len(outputs) == 1
    assert outputs.pop().strip() == extractive_answer(
        "What must a housing authority do about damp, mould or a hazard?", DOCS
    ).strip()


def test_no_overlap_or_no_documents_says_so_plainly() -> None:
    for docs in (DOCS, []):
        answer = extractive_answer("What is the capital of France?", docs)
        assert answer == f"{OFFLINE_LABEL}\n\n{NO_EVIDENCE}\n"
        assert "<cite" not in answer


def test_limits_sentences_and_documents() -> None:
    many = [
        SourceDocument(ref=f"doc:{i}", title=f"Policy {i}",
                       text=f"Mould reports are logged in register {i}. Mould is treated {i}.")
        for i in range(6)
    ]
    cites = _citations(extractive_answer("How are mould reports handled?", many))
    assert 1 <= len(cites) <= 5
    assert len({ref for ref, _, _ in cites}) <= 4


def test_stemming_and_titles() -> None:
    assert stem("tenants") == stem("tenant")
    assert stem("repairing") == stem("repaired") == stem("repairs") == stem("repair")
    assert stem("properties") == stem("property")
    assert stem("letting") == stem("let")
    title = title_from_question("What are our obligations on damp and mould in let flats?")
    assert title == "Obligations on damp and mould in let flats"
    assert title_from_question("Can you Explain The Housing Act 2004 Section 21?") == (
        "Housing act 2004 section 21"
    )
    assert title_from_question("how do I handle an RSH inspection?") == (
        "Handle an RSH inspection"
    )
    assert len(title_from_question(" ".join(["mould"] * 20)).split()) <= 8
    assert title_from_question("?") == "New conversation"


async def test_provider_streams_the_answer_in_pieces_then_ends() -> None:
    provider = OfflineProvider()
    request = _request("How quickly will you inspect damp and mould reports?", DOCS)
    items = [item async for item in provider.stream(request)]
    *deltas, end = items
    assert all(isinstance(d, TextDelta) for d in deltas) and len(deltas) > 5
    assert isinstance(end, StreamEnd)
    text = "".join(d.text for d in deltas)  # type: ignore[union-attr]
    assert text == extractive_answer(request.question, DOCS)
    assert all(len(d.text.split()) <= 4 for d in deltas)  # type: ignore[union-attr]
    assert end.model == "offline-extractive" == provider.model_for("deep")
    assert end.usage.output_tokens == len(text.split())
    assert end.usage.input_tokens >= sum(len(d.text.split()) for d in DOCS)
    assert provider.offline and provider.name == "offline"
    completion = await provider.complete(request)
    assert completion.text == text and completion.usage == end.usage


async def test_provider_titles_and_refuses_routing_and_judging() -> None:
    provider = OfflineProvider()
    request = _request("Who is responsible for damp and mould in let flats?", [], "title")
    assert (await provider.complete(request)).text == "Responsible for damp and mould in let flats"
    for purpose in ("routing", "judge"):
        with pytest.raises(ModelRefused, match=purpose):
            await provider.complete(_request("Anything?", [], purpose))
