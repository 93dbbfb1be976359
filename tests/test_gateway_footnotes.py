"""The API's messages as a reader needs them: text with ``[n]`` markers and a footnote list
naming each source, the recorded text kept for audit (real gateway, PostgreSQL, NATS)."""

from __future__ import annotations

import re
import uuid

from shared.events import (
    AnswerRevised,
    AnyEvent,
    CitationChecked,
    DraftCompleted,
    Envelope,
    EventMeta,
    Finding,
    InvocationCompleted,
    LegalSource,
    PolicySource,
    WorkerFindings,
)
from tests.harness import Api

DOC = uuid.uuid4()
POLICY = f"doc:{DOC}#0"
HMO = "ukpga/2004/34/section/55"
GAS = "ukpga/1988/50/section/21"
KEPT = (f'We inspect within 5 working days <cite ref="{POLICY}" quote="within 5 working days">'
        f'1</cite>. An HMO of a prescribed description must be licensed <cite ref="{HMO}" '
        'quote="every HMO to which this Part applies">2</cite>.')
WITHHELD = (f'Landlords may still serve notice <cite ref="{GAS}" quote="the court shall make an '
            'order">3</cite>.')
NOTICE = "I could not verify the source for a statement here."
AGAIN = f'As above <cite ref="{POLICY}" quote="within 5 working days">4</cite>.'
DRAFT = f"{KEPT} {WITHHELD} {AGAIN}"
REVISED = f"{KEPT} {NOTICE} {AGAIN}"


def _answer_events(envelope: Envelope) -> list[AnyEvent]:
    return [
        envelope.reply(PolicySource, "p", document_id=DOC, chunk=0, ref=POLICY,
                       title="Damp and mould policy"),
        envelope.reply(LegalSource, "l", act_name="Housing Act 2004", section="s. 55",
                       uri=f"https://www.legislation.gov.uk/{HMO}"),
        envelope.reply(WorkerFindings, "f", worker="legislation", status="ok", findings=[
            Finding(ref=HMO, title="Housing Act 2004, s. 55: Licensing of HMOs", text="…")]),
        envelope.reply(DraftCompleted, "d", text=DRAFT, provider="scripted", model="m"),
        envelope.reply(CitationChecked, "c", 1, index=1, ref=POLICY, kind="document",
                       status="verified", quote="within 5 working days",
                       source_uri=POLICY),
        envelope.reply(CitationChecked, "c", 2, index=2, ref=HMO, kind="legislation",
                       status="verified", quote="every HMO to which this Part applies",
                       source_uri=f"https://www.legislation.gov.uk/{HMO}"),
        envelope.reply(CitationChecked, "c", 3, index=3, ref=GAS, kind="legislation",
                       status="removed", quote="the court shall make an order",
                       issues=["claim_unsupported"], detail="The section does not say that."),
        envelope.reply(CitationChecked, "c", 4, index=4, ref=POLICY, kind="document",
                       status="verified", quote="within 5 working days"),
        envelope.reply(AnswerRevised, "r", text=REVISED, removed=[GAS]),
        envelope.reply(InvocationCompleted, "done"),
    ]


async def test_an_answer_reads_with_numbered_footnotes_and_keeps_its_recorded_text(
        api: Api) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id, "Must we license an HMO?")
    envelope = Envelope(conversation_id=conversation_id, tenant_id="tenant-a",
                        invocation_id=invocation_id, meta=EventMeta(producer="test"))
    await api.infra.store.append(_answer_events(envelope))

    resp = await api.http.get(f"/v1/conversations/{conversation_id}", headers=api.auth())
    assert resp.status_code == 200, resp.text
    question, answer = resp.json()["messages"]
    assert question["text"] == question["content"] == "Must we license an HMO?"
    assert question["citations"] == []

    assert answer["content"] == REVISED  # the recorded text, markup and all, for audit
    assert answer["status"] == "completed"
    assert answer["text"] == (
        "We inspect within 5 working days [1]. An HMO of a prescribed description must be "
        f"licensed [2]. {NOTICE} As above [1].")
    assert "<cite" not in answer["text"] and not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}",
                                                           answer["text"])
    first, second, withheld = answer["citations"]
    assert first == {
        "number": 1, "title": "Damp and mould policy", "ref": POLICY, "kind": "document",
        "quote": "within 5 working days", "status": "verified", "badge": "✔ verified",
        "detail": "", "uri": POLICY, "law_status": None, "status_date": None}
    assert (second["number"], second["title"], second["status"]) == (
        2, "Housing Act 2004, s. 55", "verified")
    assert second["uri"] == f"https://www.legislation.gov.uk/{HMO}"
    assert (withheld["number"], withheld["title"], withheld["status"], withheld["badge"]) == (
        None, "Housing Act 1988, s. 21", "removed", "✖ removed")
    assert withheld["detail"] == "The section does not say that."


async def test_a_draft_not_yet_verified_shows_its_footnotes_as_pending(api: Api) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id, "Must we license an HMO?")
    envelope = Envelope(conversation_id=conversation_id, tenant_id="tenant-a",
                        invocation_id=invocation_id, meta=EventMeta(producer="test"))
    await api.infra.store.append(_answer_events(envelope)[:4])

    detail = (await api.http.get(f"/v1/conversations/{conversation_id}",
                                 headers=api.auth())).json()
    answer = detail["messages"][1]
    assert answer["status"] == "draft" and answer["content"] == DRAFT
    assert [(c["number"], c["status"]) for c in answer["citations"]] == [
        (1, "pending"), (2, "pending"), (3, "pending")]
    assert answer["text"].endswith("Landlords may still serve notice [3]. As above [1].")
