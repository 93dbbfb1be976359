"""``yourai verify`` as a user types it: one answer or a batch, over ../shared/data's Acts."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shared.config import Settings
from tests.conftest import LEGISLATION, corpus_database

ROOT = Path(__file__).resolve().parents[1]
REAL = ('If a category 1 hazard exists, the local housing authority must take the appropriate '
        'enforcement action <cite ref="ukpga/2004/34/section/5" quote="they must take the '
        'appropriate enforcement action">1</cite>.')
FABRICATED = ('Landlords must register every hazard within 14 days '
              '<cite ref="ukpga/2004/34/section/999">2</cite>.')
FOREIGN = ('The Secretary of State may establish a domestic electricity price reduction scheme '
           '<cite ref="ukpga/2022/44/section/5">3</cite>.')


_TIMEOUT_S = 600
"""A ceiling for one command. The tests over the corpus run on a copy of the session's imported
legislation (``corpus_template``): importing and embedding the whole of ../shared/data afresh,
each took minutes (336 s, and over 600 s for the batch, at a load of 9); only the test of the
import itself imports, one small file. The judgments are left out: nothing here cites one."""


@pytest.fixture
async def corpus_settings(servers: Settings, corpus_template: str) -> Settings:
    """A fresh database that already holds ../shared/data's legislation, as after
    ``verify``'s first import of it."""
    return await corpus_database(servers, corpus_template)


async def _verify(*args: str, settings: Settings | None = None
                  ) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("YOURAI_")}
    if settings is not None:
        env.update(YOURAI_DATABASE_URL=str(settings.database_url),
                   YOURAI_DATA_DIR=str(settings.data_dir))
    return await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "cli.main", "verify", *args], env=env, cwd=ROOT,
        capture_output=True, text=True, timeout=_TIMEOUT_S)


async def test_verify_imports_a_corpus_first_and_leaves_it_alone_after(
        settings: Settings, tmp_path: Path) -> None:
    """A corpus not in the database yet is imported before the checks, once: a second run
    finds the file unchanged. One instrument (the Energy Prices Act 2022, s. 5) stands for
    the corpus, from ../shared/data as it is (linked, not copied)."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "energy.xml").symlink_to(LEGISLATION / "lex_fragment_4.xml")
    answer = tmp_path / "answer.md"
    answer.write_text(FOREIGN, encoding="utf-8")
    runs = [await _verify(str(answer), "--jurisdiction", "northern_ireland", "--corpus",
                          str(corpus), "--json", settings=settings) for _ in range(2)]
    for out in runs:
        assert out.returncode == 0, out.stderr
        [citation] = json.loads(out.stdout)["citations"]
        assert (citation["ref"], citation["status"]) == ("ukpga/2022/44/section/5", "verified")
    assert "imported" in runs[0].stderr and "2022/44" in runs[0].stderr, runs[0].stderr
    assert "imported" not in runs[1].stderr, runs[1].stderr


async def test_verify_a_file_against_a_corpus(corpus_settings: Settings, tmp_path: Path
                                              ) -> None:
    settings = corpus_settings
    answer = tmp_path / "answer.md"
    answer.write_text(f"{REAL} {FABRICATED}\n\n{FOREIGN}\n", encoding="utf-8")
    out = await _verify(str(answer), "--jurisdiction", "england", "--corpus", str(LEGISLATION),
                        settings=settings)
    assert out.returncode == 1, out.stderr  # citations were removed
    assert "verified           ukpga/2004/34/section/5" in out.stdout
    assert "removed            ukpga/2004/34/section/999 [not_found]" in out.stdout
    assert "removed            ukpga/2022/44/section/5 [jurisdiction]" in out.stdout
    revised = out.stdout.split("--- Revised answer ---")[1]
    assert REAL in revised and "register every hazard" not in revised

    as_json = await _verify(str(answer), "--jurisdiction", "northern_ireland", "--corpus",
                            str(LEGISLATION), "--json", settings=settings)
    assert as_json.returncode == 1, as_json.stderr
    result = json.loads(as_json.stdout)
    assert [(c["ref"], c["kind"], c["status"], c["issues"]) for c in result["citations"]] == [
        ("ukpga/2004/34/section/5", "legislation", "removed", ["jurisdiction"]),
        ("ukpga/2004/34/section/999", "legislation", "removed", ["not_found"]),
        ("ukpga/2022/44/section/5", "legislation", "verified", []),
    ]
    assert FOREIGN in result["text"]


async def test_batch_writes_one_json_line_per_answer(corpus_settings: Settings,
                                                     tmp_path: Path) -> None:
    settings = corpus_settings
    batch = tmp_path / "answers.jsonl"
    batch.write_text("\n".join(json.dumps(line) for line in [
        {"id": "a", "text": REAL, "jurisdiction": "england"},
        {"id": "b", "text": FOREIGN, "jurisdiction": "northern_ireland"},
        {"id": "c", "text": "Under section 213(3) of the Housing Act 2004, the landlord must "
                            "comply with the initial requirements within 28 days."},
    ]) + "\n", encoding="utf-8")
    out = await _verify("--batch", str(batch), "--corpus", str(LEGISLATION), settings=settings)
    assert out.returncode == 1, out.stderr  # item c's citation is removed
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["id"] for line in lines] == ["a", "b", "c"]
    assert lines[0]["citations"] == [{
        "ref": "ukpga/2004/34/section/5", "kind": "legislation", "status": "verified",
        "issues": [], "source_uri": "https://www.legislation.gov.uk/ukpga/2004/34/section/5",
        "detail": lines[0]["citations"][0]["detail"],
        "law_status": "in_force", "status_date": None, "status_note": ""}]
    assert lines[1]["citations"][0]["status"] == "verified"
    assert [(c["status"], c["issues"]) for c in lines[2]["citations"]] == [
        ("removed", ["claim_unsupported"])]
    assert "28 days" not in lines[2]["text"]


async def test_without_a_legal_source_citations_stay_unverified(tmp_path: Path) -> None:
    answer = tmp_path / "answer.md"
    answer.write_text(REAL, encoding="utf-8")
    out = await _verify(str(answer), "--json")
    assert out.returncode == 0, out.stderr
    [citation] = json.loads(out.stdout)["citations"]
    assert (citation["status"], citation["issues"]) == ("unverified", ["source_not_configured"])
    assert json.loads(out.stdout)["text"].endswith("</cite> (unverified).")


async def test_bad_input_gets_a_clear_message(tmp_path: Path) -> None:
    cases = {
        "empty.md": ("", "the file is empty"),
        "unbalanced.md": ('A claim <cite ref="ukpga/2004/34/section/5">1.', "line 1, column 9"),
        "unknown.md": ('A claim <cite ref="the big book of rules">1</cite>.',
                       "not a recognised reference form"),
        "bad.jsonl": ("{not json}\n", 'expected a JSON object with "id" and "text"'),
        "wrong.jsonl": (json.dumps({"id": 1, "text": "x", "jurisdiction": "france"}),
                        "unknown jurisdiction 'france'"),
    }
    for name, (content, message) in cases.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        args = ["--batch", str(path)] if name.endswith(".jsonl") else [str(path)]
        out = await _verify(*args)
        assert out.returncode == 2, (name, out.stdout, out.stderr)
        assert message in out.stderr, (name, out.stderr)
        assert "Traceback" not in out.stderr and out.stdout == ""
    out = await _verify(str(tmp_path / "missing.md"))
    assert out.returncode == 2 and "cannot read" in out.stderr
    out = await _verify()
    assert out.returncode == 2 and "give one answer file" in out.stderr
