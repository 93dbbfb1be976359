"""Retrieval quality of legislation search: recall@5, recall@10 and MRR on the Housing Act 2004.

Runs ``yourai lex search --batch`` (so it measures exactly what the command line and the Lex
tools return) over ``retrieval_questions.jsonl``, each question with the sections that answer
it. With no ``--url`` the corpus is ../shared/data/legislation, imported into PostgreSQL under
the data directory on the first run and reused afterwards.

    python -m bench.retrieval [--url http://127.0.0.1:8765/mcp] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = Path(__file__).with_name("retrieval_questions.jsonl")
CORPUS = ROOT.parent / "shared" / "data" / "legislation"


def metrics(questions: list[dict], answers: dict[object, list[str]]) -> dict[str, float]:
    """Recall@5, recall@10 (share of relevant sections found) and MRR of the first relevant."""
    r5 = r10 = rr = 0.0
    for q in questions:
        relevant = set(q["relevant"])
        ranked = answers.get(q["id"], [])
        r5 += len(relevant & set(ranked[:5])) / len(relevant)
        r10 += len(relevant & set(ranked[:10])) / len(relevant)
        rr += next((1 / i for i, r in enumerate(ranked, 1) if r in relevant), 0.0)
    n = len(questions)
    return {"questions": n, "recall@5": r5 / n, "recall@10": r10 / n, "mrr": rr / n}


def run(url: str | None, data_dir: Path) -> dict[str, float]:
    questions = [json.loads(line) for line in QUESTIONS.read_text().splitlines() if line.strip()]
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for q in questions:
            f.write(json.dumps({"id": q["id"], "q": q["q"]}) + "\n")
    where = ["--url", url] if url else ["--corpus", str(CORPUS)]
    env = {**os.environ, "YOURAI_DATA_DIR": str(data_dir)}
    out = subprocess.run(
        [sys.executable, "-m", "cli.main", "lex", "search", "--batch", f.name, "--size", "10",
         *where], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    os.unlink(f.name)
    if out.returncode != 0:
        raise SystemExit(f"search failed: {out.stderr.strip()}")
    answers = {}
    for line in out.stdout.splitlines():
        item = json.loads(line)
        answers[item["id"]] = [r["id"] for r in item["results"]]
    return metrics(questions, answers)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", help="a running Lex MCP server (default: search the corpus directly)")
    p.add_argument("--data-dir", type=Path, default=ROOT / ".yourai" / "bench-retrieval")
    args = p.parse_args()
    result = run(args.url, args.data_dir)
    print(f"{result['questions']} questions: recall@5 {result['recall@5']:.3f}, "
          f"recall@10 {result['recall@10']:.3f}, MRR {result['mrr']:.3f}")


if __name__ == "__main__":
    main()
