"""Legal retrieval quality: full text, dense and hybrid side by side, by set and category.

Two sets: the legislation and case-law items of ``retrieval_set.jsonl`` (follow-ups made
standalone from their ``history`` by the router's offline rewrite, as the engine does) and the
42 Housing Act 2004 questions of ``retrieval_questions.jsonl``. A third, not gated, checks
what the answers need: the questions of ``answer_set.jsonl`` that must cite legislation,
relevant their ``must_cite`` provisions (nobody tunes the search against it). Legislation
queries are expanded with the statute book's words (``expand_statutory``) as the legislation
worker expands them, then searched with ``CorpusStore.search_sections`` (what
``search_for_legislation_sections`` runs); case-law queries go to ``search_caselaw``. Reports
recall@5, recall@10 and MRR per method, the import's cost with and without embeddings, and
the median latency of a query per method. Exits 1 when hybrid falls below the thresholds.

    python -m bench.retrieval [--json] [--data-dir DIR] [--database-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Literal

from bench.evalsets import FRESH, load_answers, load_retrieval
from cli.database import open_pool
from services.lex.app import CorpusStore, SearchMethod, import_paths
from services.router.app import rewrite_offline
from shared.config import Settings
from shared.lex.paths import legislation_path
from shared.text.vocabulary import expand_statutory

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = Path(__file__).with_name("retrieval_questions.jsonl")
CORPUS = ROOT.parent / "shared" / "data"
METHODS: tuple[SearchMethod, ...] = ("fulltext", "dense", "hybrid")
THRESHOLDS = {"recall@5": 0.95, "mrr": 0.8}
"""Hybrid's floor on each set as a whole."""
DEPTH = 10


@dataclass(frozen=True)
class Item:
    set: Literal["retrieval_set", "ha2004_questions", "answer_set"]
    id: str
    category: str
    corpus: Literal["legislation", "caselaw"]
    query: str
    relevant: frozenset[str]


@dataclass
class Score:
    n: int = 0
    r5: float = 0.0
    r10: float = 0.0
    rr: float = 0.0

    def add(self, relevant: frozenset[str], ranked: Sequence[str]) -> None:
        self.n += 1
        self.r5 += len(relevant & set(ranked[:5])) / len(relevant)
        self.r10 += len(relevant & set(ranked[:10])) / len(relevant)
        self.rr += next((1 / i for i, r in enumerate(ranked, 1) if r in relevant), 0.0)

    def summary(self) -> dict[str, float]:
        n = max(self.n, 1)
        return {"items": self.n, "recall@5": round(self.r5 / n, 3),
                "recall@10": round(self.r10 / n, 3), "mrr": round(self.rr / n, 3)}


@dataclass
class Report:
    import_s: float = 0.0
    embed_s: float = 0.0
    embedded: int = 0
    scores: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)
    """``set/category`` (or ``set``) → method → metrics."""
    latency_ms: dict[str, float] = field(default_factory=dict)
    """Median latency of one query per method."""
    failures: list[str] = field(default_factory=list)
    misses: dict[str, list[int | None]] = field(default_factory=dict)
    """``set/id`` → hybrid's rank of each relevant passage (``None``: below ``DEPTH``), for
    each item with one outside the first five."""


def items() -> list[Item]:
    """Both sets, queries formed as the engine forms them."""
    out = []
    for r in load_retrieval():
        if r.corpus == "policies":
            continue
        q = rewrite_offline(r.q, r.history).standalone if r.history else r.q
        out.append(Item("retrieval_set", r.id, r.category, r.corpus, q, frozenset(r.relevant)))
    for line in QUESTIONS.read_text(encoding="utf-8").splitlines():
        if line.strip():
            q = json.loads(line)
            out.append(Item("ha2004_questions", q["id"], "housing_act_2004", "legislation",
                            q["q"], frozenset(q["relevant"])))
    for a in load_answers():
        cites = frozenset(c for c in a.must_cite if "/" in c and "#" not in c)
        if cites:
            q = rewrite_offline(a.q, a.history).standalone if a.history else a.q
            out.append(Item("answer_set", a.id, a.category, "legislation", q, cites))
    return out


async def ranked(store: CorpusStore, item: Item, method: SearchMethod) -> list[str]:
    if item.corpus == "caselaw":
        page = await store.search_caselaw(item.query, size=DEPTH, method=method)
        return [c.cite_as for c in page.results]
    found = await store.search_sections(expand_statutory(item.query), size=DEPTH,
                                        include_text=False, method=method)
    return [legislation_path(s.id) for s in found]


async def load(settings: Settings, report: Report, asked: Sequence[Item]) -> CorpusStore:
    """Import the corpus (without embeddings, timed), then embed it (timed): the same two
    steps as every import, measured apart; then score ``asked``."""
    async with open_pool(settings, max_size=4, run_migrations=True) as pool:
        start = time.perf_counter()
        await import_paths(CorpusStore(pool, dense=False), [CORPUS], skip_unchanged=True)
        report.import_s = time.perf_counter() - start
        store = CorpusStore(pool)
        if not await store.vectors.ready():
            report.failures.append("pgvector or the model is missing: dense search is off")
        start = time.perf_counter()
        report.embedded = await store.vectors.embed_pending()
        report.embed_s = time.perf_counter() - start
        await score_all(store, report, asked)
        return store


def _keys(item: Item) -> tuple[str, ...]:
    """The groups an item is scored in: its set, corpus and category, and the fresh items'
    (``FRESH``, all rounds' and each round's) apart from the set's earlier items, which the
    targets were first met on."""
    keys: tuple[str, ...] = (item.set, f"{item.set}/{item.corpus}",
                             f"{item.set}/{item.corpus}/{item.category}")
    if item.id.startswith(FRESH):
        round_ = item.id.split("-", 1)[0]
        keys += (f"{item.set}/fresh", f"{item.set}/fresh/{item.category}",
                 f"{item.set}/fresh-{round_}", f"{item.set}/fresh-{round_}/{item.category}")
    elif item.set == "retrieval_set":
        keys += (f"{item.set}/earlier",)
    return keys


async def score_all(store: CorpusStore, report: Report, asked: Sequence[Item]) -> None:
    scores: dict[str, dict[str, Score]] = defaultdict(lambda: defaultdict(Score))
    times: dict[str, list[float]] = defaultdict(list)
    for item in asked:
        for method in METHODS:
            start = time.perf_counter()
            found = await ranked(store, item, method)
            times[method].append(time.perf_counter() - start)
            for key in _keys(item):
                scores[key][method].add(item.relevant, found)
            if method == "hybrid" and not item.relevant <= set(found[:5]):
                report.misses[f"{item.set}/{item.id}"] = [
                    found.index(r) + 1 if r in found else None for r in sorted(item.relevant)]
    report.scores = {k: {m: s.summary() for m, s in v.items()} for k, v in scores.items()}
    report.latency_ms = {m: round(statistics.median(t) * 1000, 1) for m, t in times.items()}
    for name in ("retrieval_set", "ha2004_questions"):
        hybrid = report.scores[name]["hybrid"]
        report.failures += [f"{name}: hybrid {metric} {hybrid[metric]:.3f} < {floor}"
                            for metric, floor in THRESHOLDS.items() if hybrid[metric] < floor]


def table(report: Report) -> str:
    lines = ["| set / corpus / category | n | " + " | ".join(
        f"{m} R@5 | {m} R@10 | {m} MRR" for m in METHODS) + " |",
        "| --- | ---: |" + " ---: |" * 3 * len(METHODS)]
    for key in sorted(report.scores, key=lambda k: (k.split("/")[0], k.count("/") > 1, k)):
        row = report.scores[key]
        cells = [f"{row[m]['recall@5']:.3f} | {row[m]['recall@10']:.3f} | {row[m]['mrr']:.3f}"
                 for m in METHODS]
        name = f"**{key}**" if "/" not in key else key
        lines.append(f"| {name} | {row['hybrid']['items']} | " + " | ".join(cells) + " |")
    rate = report.embedded / report.embed_s if report.embed_s else 0.0
    lines += ["", f"import without embeddings {report.import_s:.1f} s; embedding "
              f"{report.embedded} texts {report.embed_s:.1f} s ({rate:.1f} texts/s)",
              "median latency per query: " + ", ".join(
                  f"{m} {ms:.1f} ms" for m, ms in report.latency_ms.items())]
    lines += [f"hybrid outside the first five: {key} (ranks {ranks})"
              for key, ranks in report.misses.items()]
    lines += [f"BELOW THRESHOLD: {f}" for f in report.failures]
    return "\n".join(lines)


def run(settings: Settings) -> Report:
    report = Report()
    # The sets are read before the import, which takes minutes: items appended meanwhile
    # belong to the next run, not half of this one.
    asyncio.run(load(settings, report, items()))
    return report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    p.add_argument("--data-dir", type=Path, default=ROOT / ".yourai" / "bench-retrieval",
                   help="where the embedded PostgreSQL keeps the corpus between runs")
    p.add_argument("--database-url", help="a PostgreSQL to use instead of the embedded one")
    args = p.parse_args(argv)
    report = run(Settings(database_url=args.database_url, data_dir=args.data_dir))
    print(json.dumps(asdict(report)) if args.json else table(report))
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
