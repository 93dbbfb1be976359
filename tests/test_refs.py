"""The forms of a citation's ref, read once (shared/refs.py): the kinds the answerer tells a
tenant's document from public law by and the verifier parses by, and the one-way import that
gives them a home outside the verifier."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import shared.refs
import shared.verification.refs
from shared.answering.selection import _owners
from shared.refs import classify, document_ref, legislation_ref, neutral_citation

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("ref", "kind"), [
    ("ukpga/2004/34/section/11", "legislation"),
    ("ukpga/Geo3/49/126", "legislation"),  # a regnal year
    ("Housing Act 1988", "legislation"),  # an Act named in prose
    ("xyz/2004/34", None),  # not a legislation.gov.uk type, and no Act's title
    ("[2017] EWHC 3409 (Admin)", "caselaw"),
    ("[2020] EWCA Civ 12", "caselaw"),
    ("doc:7d0a3c4e-54c1-4f0b-9a4e-0c6f2b1d9e10#3", "document"),
    ("doc:not-a-uuid", "document"),  # the form holds; the id is checked later
    ("doc:", None),
    ("ext:govuk/guidance/damp-and-mould", "external"),
    ("ext:govuk", None),
    ("the council's repairs policy", None),
])
def test_each_form_of_a_ref_names_its_kind_of_source(ref: str, kind: str | None) -> None:
    assert classify(ref) == kind


def test_a_ref_splits_into_its_parts() -> None:
    leg = legislation_ref("ukpga/2004/34/section/11")
    assert leg is not None and (leg.act, leg.year, leg.number, leg.rest) == \
        ("ukpga/2004/34", 2004, 34, "/section/11")
    doc = document_ref("doc:not-a-uuid#2")
    assert doc is not None and (doc.document_id, doc.chunk) == (None, 2)
    assert neutral_citation(" [2017]  EWHC 3409 (Admin) ") == "[2017] EWHC 3409 (Admin)"


def test_the_verifier_reads_the_same_forms_not_a_copy() -> None:
    for name in shared.refs.__all__:
        if hasattr(shared.verification.refs, name):
            assert getattr(shared.verification.refs, name) is getattr(shared.refs, name), name


def test_legislation_and_case_law_are_public_a_document_the_tenants() -> None:
    class Doc:
        def __init__(self, ref: str) -> None:
            self.ref = ref

    docs = [Doc("ukpga/1985/70/section/11"), Doc("[2017] EWHC 3409 (Admin)"),
            Doc("doc:7d0a3c4e-54c1-4f0b-9a4e-0c6f2b1d9e10#1"), Doc("ext:govuk/page")]
    assert _owners(docs, "acme") == [None, None, "acme", "acme"]  # type: ignore[arg-type]
    assert _owners(docs, None) == [None, None, None, None]  # type: ignore[arg-type]


def test_no_answering_module_imports_the_verifier() -> None:
    """The verifier imports the answerer (the relevance judgement): an import the other way,
    even one hidden inside a function, is a cycle."""
    for path in sorted((ROOT / "shared" / "answering").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            assert not any(n.startswith("shared.verification") for n in names), path.name


def test_importing_the_answerer_loads_no_verifier_module() -> None:
    code = ("import sys, shared.answering, shared.answering.selection, shared.refs; "
            "print(sorted(m for m in sys.modules if m.startswith('shared.verification')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"
