"""Importing legislation (CLML) and judgments (Akoma Ntoso) into the corpus.

Every input is read and parsed before anything is written, so a bad file, an unknown id or a
network failure changes nothing; each document is then written in its own transaction,
replacing an earlier import of it whole. Fragments of an Act (CLML without the
``Legislation`` root) add their sections to the Act instead of replacing it.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Literal

import httpx
import msgspec

from services.lex.corpus._xml import parse_xml
from services.lex.corpus.akn import is_judgment, judgment_from
from services.lex.corpus.clml import legislation_from
from services.lex.corpus.errors import LegalParseError, NotClmlError
from services.lex.corpus.records import (
    Amendment,
    Caselaw,
    CaselawParagraph,
    Legislation,
    LegislationSection,
)
from services.lex.corpus.store import CorpusStore, Source
from shared.lex.paths import legislation_path

__all__ = ["ImportFailed", "ImportProgress", "ImportReport", "import_ids", "import_paths",
           "xml_files"]


Kind = Literal["legislation", "fragment", "caselaw"]


class ImportFailed(Exception):
    """An input could not be imported; the message names the file or id."""


class ImportProgress(msgspec.Struct, frozen=True, kw_only=True):
    """One step of an import: a document parsed, sections written, a document done."""

    source: str
    stage: Literal["parsed", "sections", "imported", "skipped", "embedded"]
    document_id: str = ""
    done: int = 0
    total: int = 0


class ImportReport(msgspec.Struct, kw_only=True):
    imported: list[str] = msgspec.field(default_factory=list)
    """Ids of the documents written."""
    skipped: list[str] = msgspec.field(default_factory=list)
    """Sources left alone because the corpus already holds exactly that content."""
    embedded: int = 0
    """Texts embedded for dense search (provision chunks and judgment paragraphs)."""


Progress = Callable[[ImportProgress], None]


class _Parsed(msgspec.Struct, kw_only=True):
    source: Source
    kind: Kind
    legislation: Legislation | None = None
    sections: list[LegislationSection] = msgspec.field(default_factory=list)
    amendments: list[Amendment] = msgspec.field(default_factory=list)
    caselaw: Caselaw | None = None
    paragraphs: list[CaselawParagraph] = msgspec.field(default_factory=list)

    @property
    def document_id(self) -> str:
        doc = self.caselaw or self.legislation
        assert doc is not None
        return doc.id


def xml_files(paths: Iterable[str | Path]) -> list[Path]:
    """The XML files named, and those under the directories named, in a stable order."""
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found.extend(sorted(f for f in p.rglob("*.xml") if f.is_file()))
        elif p.is_file():
            found.append(p)
        else:
            raise ImportFailed(f"{p}: no such file or directory")
    return found


def _parse(data: bytes, name: str) -> _Parsed:
    """Parse once; the parser modules decide which format a document is in."""
    source = Source(name=name, sha256=hashlib.sha256(data).hexdigest())
    try:
        root = parse_xml(data)
        if is_judgment(root):
            judgment = judgment_from(root)
            return _Parsed(source=source, kind="caselaw", caselaw=judgment.caselaw,
                           paragraphs=list(judgment.paragraphs))
        act = legislation_from(root)
        return _Parsed(source=source, kind="fragment" if act.is_fragment else "legislation",
                       legislation=act.legislation, sections=list(act.sections),
                       amendments=list(act.amendments))
    except NotClmlError as e:
        raise ImportFailed(f"{name}: neither legislation (CLML) nor a judgment (Akoma Ntoso):"
                           f" {e}") from e
    except LegalParseError as e:
        raise ImportFailed(f"{name}: cannot be parsed: {e}") from e
    except Exception as e:  # a parser bug must still name the file and change nothing
        raise ImportFailed(f"{name}: cannot be parsed ({type(e).__name__}: {e})") from e


async def import_paths(store: CorpusStore, paths: Sequence[str | Path], *,
                       progress: Progress | None = None,
                       skip_unchanged: bool = False) -> ImportReport:
    """Import files and directories of XML; ``skip_unchanged`` leaves identical files alone."""
    report = ImportReport()
    parsed: list[_Parsed] = []
    for f in xml_files(paths):
        name = str(f.resolve())
        try:
            data = f.read_bytes()
        except OSError as e:
            raise ImportFailed(f"{f}: cannot be read ({e})") from e
        if skip_unchanged and await store.source_hash(name) == hashlib.sha256(data).hexdigest():
            report.skipped.append(name)
            _emit(progress, ImportProgress(source=name, stage="skipped"))
            continue
        parsed.append(await asyncio.to_thread(_parse, data, name))
        _emit(progress, ImportProgress(source=name, stage="parsed",
                                       done=len(parsed), total=len(paths)))
    await _write(store, parsed, report, progress)
    return report


async def import_ids(store: CorpusStore, ids: Sequence[str], *,
                     base_url: str = "https://www.legislation.gov.uk",
                     client: httpx.AsyncClient | None = None,
                     progress: Progress | None = None) -> ImportReport:
    """Fetch ``<base_url>/<id>/data.xml`` for each id and import them all, or none."""
    own = client is None
    http = client or httpx.AsyncClient(timeout=60.0, follow_redirects=True)
    try:
        parsed = [await _fetch(http, base_url.rstrip("/"), i) for i in ids]
    finally:
        if own:
            await http.aclose()
    report = ImportReport()
    await _write(store, parsed, report, progress)
    return report


async def _fetch(http: httpx.AsyncClient, base_url: str, id_: str) -> _Parsed:
    path = legislation_path(id_)
    url = f"{base_url}/{path}/data.xml"
    try:
        response = await http.get(url)
    except httpx.HTTPError as e:
        raise ImportFailed(f"{id_}: cannot fetch {url} ({type(e).__name__}: {e})") from e
    if response.status_code == 404:
        raise ImportFailed(f"{id_}: no such legislation at {url} (HTTP 404)")
    if response.status_code != 200:
        raise ImportFailed(f"{id_}: fetching {url} failed (HTTP {response.status_code})")
    return await asyncio.to_thread(_parse, response.content, url)


async def _write(store: CorpusStore, parsed: Sequence[_Parsed], report: ImportReport,
                 progress: Progress | None) -> None:
    for p in parsed:
        name, doc_id = p.source.name, p.document_id
        if p.caselaw is not None:
            await store.put_caselaw(p.caselaw, p.paragraphs, source=p.source)
        elif p.legislation is not None:

            def sections_written(done: int, total: int, name: str = name, doc: str = doc_id
                                 ) -> None:
                _emit(progress, ImportProgress(source=name, stage="sections", document_id=doc,
                                               done=done, total=total))

            await store.put_legislation(p.legislation, p.sections, merge=p.kind == "fragment",
                                        source=p.source, progress=sections_written,
                                        amendments=p.amendments)
        report.imported.append(doc_id)
        _emit(progress, ImportProgress(source=name, stage="imported", document_id=doc_id))

    def embedded(done: int, total: int) -> None:
        _emit(progress, ImportProgress(source="", stage="embedded", done=done, total=total))

    # After every document, so that an import interrupted while embedding is completed by
    # the next one, and an unchanged re-import (nothing pending) costs one query.
    report.embedded = await store.vectors.embed_pending(embedded)


def _emit(progress: Progress | None, event: ImportProgress) -> None:
    if progress is not None:
        progress(event)
