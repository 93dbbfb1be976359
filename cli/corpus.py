"""``yourai corpus import``: legislation and judgments into the corpus the Lex server reads."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from cli.database import open_pool
from cli.errors import CliError
from services.lex.app import (
    CorpusStore,
    ImportFailed,
    ImportProgress,
    ImportReport,
    import_ids,
    import_paths,
    load_corpus,
)
from shared.config import Settings

__all__ = ["corpus_store", "import_command", "load_into", "print_progress"]


def print_progress(event: ImportProgress) -> None:
    match event.stage:
        case "imported":
            print(f"imported {event.document_id}", file=sys.stderr, flush=True)
        case "sections" if event.total > 200:
            print(f"  {event.document_id}: {event.done}/{event.total} provisions written",
                  file=sys.stderr, flush=True)
        case _:
            pass


def _split_targets(targets: Sequence[str]) -> tuple[list[str], list[str]]:
    """Existing files and directories; everything else is taken for a legislation id."""
    paths = [t for t in targets if Path(t).exists()]
    return paths, [t for t in targets if t not in paths]


async def load_into(store: CorpusStore, corpus: str | Path) -> ImportReport:
    """Import a directory, leaving alone files imported before with the same content."""
    try:
        return await load_corpus(store.pool, corpus, progress=print_progress)
    except ImportFailed as e:
        raise CliError(f"import failed, nothing was changed: {e}") from e


@contextlib.asynccontextmanager
async def corpus_store(settings: Settings, corpus: str | Path | None = None
                       ) -> AsyncIterator[CorpusStore]:
    """The corpus in the configured (or embedded) database, with ``corpus`` imported first."""
    async with open_pool(settings, max_size=4, run_migrations=True) as pool:
        store = CorpusStore(pool)
        if corpus is not None:
            await load_into(store, corpus)
        yield store


async def import_command(settings: Settings, targets: Sequence[str], *, base_url: str) -> int:
    """Import files, directories and legislation.gov.uk ids (anything not a path is an id)."""
    paths, ids = _split_targets(targets)
    async with corpus_store(settings) as store:
        try:
            report = await import_paths(store, paths, progress=print_progress) if paths else None
            fetched = (await import_ids(store, ids, base_url=base_url, progress=print_progress)
                       if ids else None)
        except ImportFailed as e:
            raise CliError(f"import failed, and nothing of that input was stored: {e}") from e
        counts = await store.counts()
    done = len(report.imported if report else []) + len(fetched.imported if fetched else [])
    print(f"Imported {done} document(s). The corpus holds {counts['legislation']} item(s) of "
          f"legislation ({counts['legislation_sections']} provisions) and {counts['caselaw']} "
          f"judgment(s) ({counts['caselaw_paragraphs']} paragraphs).")
    return 0
