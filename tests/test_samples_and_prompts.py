"""The sample tenant and the prompt templates are content the engine loads at run time.

These checks catch a template that no longer formats, a router example the parser rejects,
or sample policies that stop answering the sample question.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from cli.up import SAMPLES, load_sample_tenant
from services.router.classify import parse_model_routing
from services.router.rewrite import parse_model_rewrite, rewrite_offline
from shared.documents import DocumentStore
from shared.prompts import render
from shared.runtime import Infra

PROMPTS_DIR = Path(__file__).resolve().parents[1] / "prompts"

VALUES = {
    "tenant_name": "Riverside Vale Housing Association (fictional)",
    "jurisdiction": "england",
    "question": "What must we do about damp and mould in a flat we let?",
    "summary": "Earlier in this conversation: stage one complaint.",
}
DEPLOY = Path(__file__).resolve().parents[1] / "deploy" / "k8s" / "base"


def _placeholders(name: str) -> set[str]:
    text = (PROMPTS_DIR / f"{name}.md").read_text(encoding="utf-8")
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


@pytest.mark.parametrize(
    ("name", "allowed"),
    [
        ("system_base", {"tenant_name", "jurisdiction"}),
        ("synthesis", {"tenant_name", "jurisdiction"}),  # no question: the prompt is cached
        ("title", {"question"}),
        ("router", set()),
        ("rewrite", set()),
        ("history_summary", {"summary"}),
    ],
)
def test_templates_use_only_the_values_the_engine_fills(name: str, allowed: set[str]) -> None:
    assert _placeholders(name) <= allowed
    assert render(name, **VALUES).strip()


def test_every_router_example_is_accepted_by_the_parser() -> None:
    examples = [line for line in render("router").splitlines() if line.startswith("{")]
    assert len(examples) >= 4
    for line in examples:
        assert parse_model_routing(line) is not None, line


def test_every_rewrite_example_agrees_with_the_offline_rule() -> None:
    """The model is shown the same judgement the offline rule makes: follow-ups are
    rewritten with the earlier subject, a new subject is repeated as written."""
    text = render("rewrite").split("## Examples", 1)[1]
    examples = [block.strip().splitlines() for block in text.split("Earlier questions:")[1:]]
    assert len(examples) >= 3
    for lines in examples:
        earlier = [line.split(". ", 1)[1] for line in lines if line[:1].isdigit()]
        message = next(line for line in lines if line.startswith("Latest message: "))
        message = message.removeprefix("Latest message: ")
        reply = parse_model_rewrite(lines[-1], message)
        offline = rewrite_offline(message, earlier)
        assert reply is not None, lines
        assert reply.method == offline.method.replace("offline", "model"), lines
        assert all(c.lower() in lines[-1].lower() for c in offline.carried), lines


def test_synthesis_states_the_exact_citation_form() -> None:
    text = render("synthesis", **VALUES)
    assert '<cite ref="REF" quote="VERBATIM EXTRACT">N</cite>' in text
    assert VALUES["question"] not in text  # it is in the user turn, after the documents
    assert "<output_rules>" in text and "<documents>" in text
    assert "direct answer" in text


def test_sample_policies_are_marked_fictional_and_sized_for_quoting() -> None:
    policies = sorted((SAMPLES / "policies").glob("*.md"))
    assert [p.name for p in policies] == ["complaints.md", "damp-and-mould.md", "repairs.md"]
    for path in policies:
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# ")
        assert "Fictional sample" in text.splitlines()[2]
        assert 500 <= len(text.split()) <= 900, path.name


def test_kubernetes_base_has_no_single_writer() -> None:
    """Every service writes its own events to the log: each Deployment may run replicas and
    roll out without downtime (DESIGN §3)."""
    docs = [d for f in sorted(DEPLOY.glob("*.yaml")) for d in yaml.safe_load_all(f.read_text())]
    deployments = {d["metadata"]["name"]: d for d in docs if d and d["kind"] == "Deployment"}
    assert set(deployments) == {f"yourai-{n}" for n in (
        "gateway", "router", "workers", "orchestrator", "verifier", "lex")}
    for name, d in deployments.items():
        command = d["spec"]["template"]["spec"]["containers"][0]["command"]
        assert command == ["yourai", "serve", name.removeprefix("yourai-")]
        spec = d["spec"]
        assert spec.get("strategy", {}).get("type", "RollingUpdate") == "RollingUpdate", name
        if "replicas" in spec:
            assert spec["replicas"] >= 2, name


async def test_sample_question_finds_the_damp_and_mould_inspection_duty(infra: Infra) -> None:
    documents = DocumentStore(infra.pool)
    tenant = await load_sample_tenant(documents)
    assert tenant["tenant_id"] == "sample-ha"
    hits = await documents.search(tenant["tenant_id"], tenant["sample_question"], limit=5)
    assert hits and hits[0].chunk.title == "Damp and mould policy"
    texts = " ".join(h.chunk.text for h in hits)
    assert re.search(r"we must inspect the home within 10 working days", texts)
