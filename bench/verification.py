"""Citation verification quality: are fabricated citations caught and real ones kept?

Runs ``yourai verify --batch`` (so it measures exactly what the command line returns) over
``verification_set.jsonl``: answer fragments with one citation each, labelled ``real`` or
``fabricated`` by category, built by reading ../shared/data. Reports per category the status
counts, the catch rate (fabricated: share not verified) and the false-removal rate (real), and
the overall figures against the targets of issue 4.

    python -m bench.verification [--corpus DIR] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SET = Path(__file__).with_name("verification_set.jsonl")
CORPUS = ROOT.parent / "shared" / "data"

STATUSES = ("verified", "pre_1963_digitised", "unverified", "removed", "missed")
"""Most trusting first. ``missed``: the verifier reported no citation for the item at all."""
_TRUST = {s: i for i, s in enumerate(STATUSES)}

TARGET_FABRICATED_CAUGHT = 0.99
TARGET_REAL_ACCEPTED = 0.95
TARGET_REAL_REMOVED = 0.02


@dataclass(frozen=True)
class Outcome:
    """What the verifier said about one labelled item."""

    id: str
    label: str
    category: str
    status: str
    expected_status: str | None
    expected_issue: str | None
    issues: list[str]
    refs: list[str]

    @property
    def caught(self) -> bool:
        """A fabrication is caught when it is marked: unverified or removed (never shown as
        verified, nor left unmarked because it was not recognised as a citation)."""
        return self.status in ("unverified", "removed")

    @property
    def accepted(self) -> bool:
        """A real citation is accepted when it gets the status it deserves."""
        return self.status == (self.expected_status or "verified")

    @property
    def issue_reported(self) -> bool:
        return self.expected_issue is None or self.expected_issue in self.issues


@dataclass
class CategoryScore:
    category: str
    label: str
    count: int = 0
    statuses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    good: int = 0
    """Fabricated: caught. Real: accepted."""
    removed: int = 0
    issue_reported: int = 0
    expects_issue: int = 0

    @property
    def good_rate(self) -> float:
        return self.good / self.count if self.count else 0.0

    @property
    def removed_rate(self) -> float:
        return self.removed / self.count if self.count else 0.0


def outcomes(items: Sequence[Mapping], results: Mapping[str, Mapping]) -> list[Outcome]:
    """Join the labelled items with the verifier's output lines by id."""
    found = []
    for item in items:
        result = results.get(str(item["id"]), {})
        citations = result.get("citations", [])
        found.append(Outcome(
            id=str(item["id"]), label=item["label"], category=item["category"],
            status=_status(item["label"], [c["status"] for c in citations]),
            expected_status=item.get("expected_status"),
            expected_issue=item.get("expected_issue"),
            issues=sorted({i for c in citations for i in c.get("issues", [])}),
            refs=[c.get("ref", "") for c in citations],
        ))
    return found


def _status(label: str, statuses: Sequence[str]) -> str:
    """One status per item. Items hold one citation; should the verifier see several, judge
    against us: a fabrication counts as verified if any part is, a real one by its worst."""
    if not statuses:
        return "missed"
    ranked = sorted(statuses, key=lambda s: _TRUST.get(s, len(STATUSES)))
    return ranked[0] if label == "fabricated" else ranked[-1]


def by_category(found: Iterable[Outcome]) -> list[CategoryScore]:
    scores: dict[tuple[str, str], CategoryScore] = {}
    for o in found:
        # A category may hold both labels (real paraphrases and wrong ones): score each apart.
        s = scores.setdefault((o.category, o.label), CategoryScore(o.category, o.label))
        s.count += 1
        s.statuses[o.status] = s.statuses.get(o.status, 0) + 1
        s.good += o.caught if o.label == "fabricated" else o.accepted
        s.removed += o.status == "removed"
        s.expects_issue += o.expected_issue is not None
        s.issue_reported += o.expected_issue is not None and o.issue_reported
    return sorted(scores.values(), key=lambda s: (s.label != "real", s.category))


def overall(found: Sequence[Outcome]) -> dict[str, float | int | bool]:
    fabricated = [o for o in found if o.label == "fabricated"]
    real = [o for o in found if o.label == "real"]
    caught = sum(o.caught for o in fabricated) / len(fabricated) if fabricated else 0.0
    accepted = sum(o.accepted for o in real) / len(real) if real else 0.0
    removed = sum(o.status == "removed" for o in real) / len(real) if real else 0.0
    return {
        "items": len(found), "fabricated": len(fabricated), "real": len(real),
        "fabricated_not_verified": caught,
        "fabricated_removed": (sum(o.status == "removed" for o in fabricated) / len(fabricated)
                               if fabricated else 0.0),
        "real_accepted": accepted, "real_removed": removed,
        "meets_fabricated_target": caught >= TARGET_FABRICATED_CAUGHT,
        "meets_real_accepted_target": accepted >= TARGET_REAL_ACCEPTED,
        "meets_real_removed_target": removed <= TARGET_REAL_REMOVED,
        "several_citations": sum(len(o.refs) > 1 for o in found),
    }


def failures(found: Iterable[Outcome]) -> list[Outcome]:
    """Fabrications not caught and real citations without the status they deserve."""
    return [o for o in found if not (o.caught if o.label == "fabricated" else o.accepted)]


def run_verifier(items: Sequence[Mapping], corpus: Path, data_dir: Path,
                 model_cache: Path | None = None) -> dict[str, dict]:
    """Output lines of ``yourai verify --batch`` by id (the embedding model and its vectors
    kept in ``model_cache`` when given, else under ``data_dir``)."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for item in items:
            line = {k: item[k] for k in ("id", "text", "jurisdiction")}
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    env = {**os.environ, "YOURAI_DATA_DIR": str(data_dir)}
    if model_cache is not None:
        env["YOURAI_MODEL_CACHE"] = str(model_cache)
    try:
        out = subprocess.run(
            [sys.executable, "-m", "cli.main", "verify", "--batch", f.name,
             "--corpus", str(corpus)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    finally:
        os.unlink(f.name)
    if out.returncode not in (0, 1):  # 1: some citation was removed, as expected here
        raise SystemExit(f"yourai verify failed ({out.returncode}): {out.stderr.strip()}")
    results = {}
    for line in out.stdout.splitlines():
        if line.strip():
            result = json.loads(line)
            results[str(result["id"])] = result
    return results


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def report(found: Sequence[Outcome]) -> str:
    """The Markdown tables that docs/BENCHMARKS.md shows."""
    lines = [
        "| category | label | n | verified | unverified | removed | pre-1963 | missed "
        "| caught / accepted | removed | expected issue |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in by_category(found):
        st = s.statuses
        issue = f"{s.issue_reported}/{s.expects_issue}" if s.expects_issue else "–"
        lines.append(
            f"| {s.category} | {s.label} | {s.count} | {st['verified']} | {st['unverified']} "
            f"| {st['removed']} | {st['pre_1963_digitised']} | {st['missed']} "
            f"| {_pct(s.good_rate)} | {_pct(s.removed_rate)} | {issue} |")
    o = overall(found)
    ok = {True: "met", False: "**missed**"}
    lines += [
        "",
        "| overall | value | target | |",
        "| --- | ---: | ---: | --- |",
        f"| fabricated or wrong citations not `verified` ({o['fabricated']}) "
        f"| {_pct(o['fabricated_not_verified'])} | ≥ 99 % | {ok[o['meets_fabricated_target']]} |",
        f"| fabricated or wrong citations `removed` | {_pct(o['fabricated_removed'])} | – | |",
        f"| real citations `verified` (pre-1963: `pre_1963_digitised`) ({o['real']}) "
        f"| {_pct(o['real_accepted'])} | ≥ 95 % | {ok[o['meets_real_accepted_target']]} |",
        f"| real citations `removed` | {_pct(o['real_removed'])} | ≤ 2 % "
        f"| {ok[o['meets_real_removed_target']]} |",
    ]
    bad = failures(found)
    if bad:
        lines += ["", "Failing items:", ""]
        lines += [f"- `{f.id}` ({f.category}): {f.status}, issues {f.issues or '[]'}, "
                  f"refs {f.refs or '[]'}" for f in bad]
    no_issue = [o for o in found if not o.issue_reported and o not in bad]
    if no_issue:
        lines += ["", "Right status, expected issue code not reported:", ""]
        lines += [f"- `{o.id}` ({o.category}): expected `{o.expected_issue}`, got "
                  f"{o.issues or '[]'}" for o in no_issue]
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", type=Path, default=CORPUS,
                   help="legislation and judgments to verify against (default ../shared/data)")
    p.add_argument("--set", type=Path, default=SET, help="the labelled items (JSON lines)")
    p.add_argument("--data-dir", type=Path, default=ROOT / ".yourai" / "bench-verification")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write every outcome here")
    args = p.parse_args()
    items = load(args.set)
    found = outcomes(items, run_verifier(items, args.corpus, args.data_dir))
    print(report(found))
    if args.json:
        args.json.write_text(json.dumps({
            "overall": overall(found),
            "categories": [{**asdict(s), "good_rate": s.good_rate, "removed_rate": s.removed_rate}
                           for s in by_category(found)],
            "items": [asdict(o) for o in found],
        }, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
