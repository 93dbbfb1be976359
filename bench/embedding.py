"""Speed and memory of the sentence-embedding model on this machine.

Texts per second through ``Embedder.embed`` (the async API, each batch in a worker thread) for
short questions (``retrieval_questions.jsonl``) and for passages of about 100 words cut from
the sample policies, at fixed batch sizes of 1, 16 and 64 texts and with the default token
budget (``EmbedderConfig.max_batch_tokens``); the time to load the model; and the resident
memory that importing the runtime, loading the model and running it add to the process.

    python -m bench.embedding [--threads 2] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = Path(__file__).with_name("retrieval_questions.jsonl")
POLICIES = ROOT / "samples" / "policies"
BATCH_SIZES: tuple[int | None, ...] = (1, 16, 64, None)  # None: the default token budget


@dataclass(frozen=True)
class Rate:
    kind: str
    batch_size: int | None
    texts: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.texts / self.seconds


def _status_mib(field: str) -> float:
    """A ``/proc/self/status`` field (``VmRSS``, ``VmHWM``) in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise KeyError(field)


def questions(n: int) -> list[str]:
    """``n`` short questions (8 to 20 words), repeating the benchmark set as needed."""
    lines = QUESTIONS.read_text().splitlines()
    qs = [json.loads(line)["q"] for line in lines if line.strip()]
    return [qs[i % len(qs)] for i in range(n)]


def passages(n: int, words: int = 100) -> list[str]:
    """``n`` windows of ``words`` words from the sample policies, each starting elsewhere."""
    text = " ".join(p.read_text() for p in sorted(POLICIES.glob("*.md"))).split()
    step = max(1, (len(text) - words) // n)
    return [" ".join(text[(i * step) % (len(text) - words):][:words]) for i in range(n)]


async def measure(threads: int, kind: str, texts: list[str], batch_size: int | None) -> Rate:
    from shared.embeddings import Embedder, EmbedderConfig

    config = EmbedderConfig(threads=threads) if batch_size is None else EmbedderConfig(
        threads=threads, max_batch_size=batch_size, max_batch_tokens=batch_size * 256)
    embedder = Embedder(config)
    await embedder.embed(texts[:config.max_batch_size])  # warm-up
    started = time.perf_counter()
    await embedder.embed(texts)
    return Rate(kind, batch_size, len(texts), time.perf_counter() - started)


async def run(threads: int, quick: bool) -> None:
    n_questions, n_passages = (128, 64) if quick else (512, 192)
    rss_start = _status_mib("VmRSS")
    started = time.perf_counter()
    from shared.embeddings import Embedder, EmbedderConfig

    embedder = Embedder(EmbedderConfig(threads=threads, max_batch_size=64,
                                       max_batch_tokens=64 * 256))
    load_s = time.perf_counter() - started
    rss_loaded = _status_mib("VmRSS")
    await embedder.embed(passages(64))
    rss_ran = _status_mib("VmRSS")
    print(f"model {embedder.model_id}, dimension {embedder.dimension}, "
          f"intra-op threads {threads}, {os.cpu_count()} CPUs")
    print(f"load (import onnxruntime and tokenizers, verify the files, build the session): "
          f"{load_s:.2f} s")
    print(f"RSS {rss_start:.0f} MiB before, +{rss_loaded - rss_start:.0f} MiB loaded, "
          f"+{rss_ran - rss_start:.0f} MiB after embedding 64 passages in one batch")
    print(f"{'texts':<22}{'batch':>6}{'texts/s':>10}{'ms/text':>9}")
    for kind, texts in (("questions (~12 words)", questions(n_questions)),
                        ("passages (100 words)", passages(n_passages))):
        for size in BATCH_SIZES:
            rate = await measure(threads, kind, texts, size)
            print(f"{kind:<22}{size or 'budget':>6}{rate.per_second:>10.1f}"
                  f"{1000 / rate.per_second:>9.1f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--threads", type=int, default=2, help="onnxruntime intra-op threads")
    p.add_argument("--quick", action="store_true", help="fewer texts, for a smoke run")
    args = p.parse_args()
    asyncio.run(run(args.threads, args.quick))


if __name__ == "__main__":
    main()
