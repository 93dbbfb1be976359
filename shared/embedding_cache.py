"""Vectors already computed, kept on disk and shared by every process on the machine.

Embedding is the costliest step of a corpus import (a judgment of 897 KiB took 996 s on two
loaded cores), and the same texts are embedded again by every process that imports the corpus
into a fresh database: each test file, each held-out gate, each restart of ``yourai up``. A
process-local cache cannot help them; this one sits beside the optimised model
(``EmbedderConfig.cache_dir``) and answers each of them after the first.

An entry is addressed by its content: the embedder's ``model_id``, the caller's recipe (how
its texts are cut and prefixed) and the md5 of the exact text embedded; a different model or
recipe is another key, so it never returns a vector of another space. Each row carries the
vector's dimension and a digest of the key and the vector together: a row that is short,
altered or written for another key is ignored (and embedded again), never trusted.

It is one SQLite database in WAL mode: readers never wait for a writer, and concurrent
writers take turns on SQLite's own lock (``busy_timeout``) with each batch one transaction, so
a process killed mid-write leaves the last batch out, not half in. It is bounded: past
:data:`MAX_ENTRIES` the least recently written rows go. Any failure of the file (missing
directory, read-only, locked too long, not a database) makes the cache a miss, logged once;
the vectors are then computed as without it.

:class:`VectorMemo` is the other half: the vectors a process computed a moment ago, kept in its
memory for texts that come back within seconds or minutes (a question embedded by the answer
cache's lookup, then by its keep; the same question asked again), where even a read of the file
costs more than it saves. It is keyed by the tenant whose text it is as well as the text.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "FILE_NAME",
    "MAX_ENTRIES",
    "MEMO_ENTRIES",
    "MEMO_TEXT_CHARS",
    "MemoKey",
    "VectorCache",
    "VectorMemo",
    "text_digest",
]

log = logging.getLogger("yourai.embeddings")

FILE_NAME = "vectors.sqlite3"
"""The cache's file under the model cache directory."""
MAX_ENTRIES = 200_000
"""Rows kept at most: about 300 MiB of 384-dimension vectors, several times the shared corpus
(its legislation and judgments are tens of thousands of texts)."""
MEMO_ENTRIES = 1024
"""Vectors a process keeps in memory at most (:class:`VectorMemo`): 1.5 KiB each, so with their
texts (at most :data:`MEMO_TEXT_CHARS`) under 4 MiB."""
MEMO_TEXT_CHARS = 2000
"""Longest text memoised: a question, expanded, is a few hundred characters; a passage is
embedded once, when it is stored, and not looked up again by its text."""
_BUSY_MS = 30_000
"""How long a writer waits for another's transaction before giving up (a miss, not an error)."""
_LOOKUP_CHUNK = 500
"""Keys per lookup statement: within SQLite's limit on bound parameters."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    model   TEXT    NOT NULL,
    recipe  TEXT    NOT NULL,
    md5     TEXT    NOT NULL,
    dim     INTEGER NOT NULL,
    vector  BLOB    NOT NULL,
    check_  BLOB    NOT NULL,
    written REAL    NOT NULL,
    PRIMARY KEY (model, recipe, md5)
);
CREATE INDEX IF NOT EXISTS vectors_written ON vectors (written);
"""

Vector = NDArray[np.float32]


def text_digest(text: str) -> str:
    """The md5 of ``text`` as embedded: its part of a cache key."""
    return hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()


def _check(model: str, recipe: str, md5: str, blob: bytes) -> bytes:
    """A digest of the key and the vector together: a row altered, cut short or moved to
    another key does not match it."""
    h = hashlib.blake2b(digest_size=16)
    for part in (model.encode(), recipe.encode(), md5.encode()):
        h.update(len(part).to_bytes(4, "little") + part)
    h.update(blob)
    return h.digest()


class VectorCache:
    """Vectors by (model, recipe, md5 of the text) in one SQLite file; safe to share."""

    def __init__(self, path: Path, *, max_entries: int = MAX_ENTRIES) -> None:
        self.path = path
        self.max_entries = max_entries
        self._failed = False
        """Whether a failure was logged already (once per process is enough)."""
        self._ready = False

    def get(self, model: str, recipe: str, md5s: Sequence[str]) -> dict[str, Vector]:
        """The cached vectors of ``md5s`` that are intact, by md5 in the order asked (the
        others are missing)."""
        found: dict[str, Vector] = {}
        wanted = list(dict.fromkeys(md5s))
        with self._connection() as db:
            if db is None:
                return found
            for start in range(0, len(wanted), _LOOKUP_CHUNK):
                chunk = wanted[start:start + _LOOKUP_CHUNK]
                rows = db.execute(
                    "SELECT md5, dim, vector, check_ FROM vectors WHERE model = ? AND recipe = ?"
                    f" AND md5 IN ({','.join('?' * len(chunk))})", (model, recipe, *chunk))
                for md5, dim, blob, check in rows:
                    if (isinstance(blob, bytes) and len(blob) == 4 * dim
                            and check == _check(model, recipe, md5, blob)):
                        found[md5] = np.frombuffer(blob, dtype=np.float32).copy()
        return {md5: found[md5] for md5 in wanted if md5 in found}

    def put(self, model: str, recipe: str, vectors: Sequence[tuple[str, Vector]]) -> None:
        """Keep ``(md5, vector)`` pairs under ``model`` and ``recipe``, in one transaction."""
        if not vectors:
            return
        now = time.time()
        rows = []
        for md5, vector in vectors:
            blob = np.ascontiguousarray(vector, dtype=np.float32).tobytes()
            rows.append((model, recipe, md5, len(blob) // 4, blob,
                         _check(model, recipe, md5, blob), now))
        with self._connection() as db:
            if db is None:
                return
            with db:
                db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
                kept = db.execute("SELECT count(*) FROM vectors").fetchone()[0]
                if (excess := kept - self.max_entries) > 0:
                    db.execute("DELETE FROM vectors WHERE rowid IN (SELECT rowid FROM vectors"
                               " ORDER BY written LIMIT ?)", (excess,))

    def size(self) -> tuple[int, int]:
        """Rows and bytes on disk (the database and its write-ahead log), for a report."""
        rows = 0
        with self._connection() as db:
            if db is not None:
                rows = int(db.execute("SELECT count(*) FROM vectors").fetchone()[0])
        files = [self.path, self.path.with_name(self.path.name + "-wal")]
        return rows, sum(f.stat().st_size for f in files if f.exists())

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection | None]:
        """A connection for one operation (so any thread may use the cache), or ``None``
        when the file cannot be used; a failure during the operation is a miss too."""
        db = None
        try:
            db = self._open()
            yield db
        except (sqlite3.Error, OSError) as e:
            if not self._failed:
                self._failed = True
                log.warning("the embedding cache %s cannot be used (%s): vectors are computed "
                            "without it", self.path, e)
            if db is None:
                yield None
        finally:
            if db is not None:
                db.close()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=_BUSY_MS / 1000, isolation_level="DEFERRED")
        try:
            db.execute(f"PRAGMA busy_timeout = {_BUSY_MS}")
            if not self._ready:
                db.execute("PRAGMA journal_mode = WAL")
                db.executescript(_SCHEMA)
                self._ready = True
            # WAL's usual setting: a commit survives a process's death, not a power cut's
            # (a lost row is only embedded again).
            db.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            db.close()
            raise
        return db


MemoKey = tuple[str | None, str]
"""``(tenant, text)``: the tenant whose text it is (``None`` for a public text, such as a
provision of an Act) and the exact text the model reads (a text made by another recipe is
another text)."""


class VectorMemo:
    """The last :data:`MEMO_ENTRIES` vectors computed in this process, least recently used
    first out; thread-safe.

    A tenant's text is kept under that tenant: a hit is a few microseconds against a model run's
    several milliseconds, so a memo shared across tenants would let one tenant time whether
    another had just asked a question or searched a policy's words. A public text (``None``)
    is shared by every caller. The vectors kept are read-only copies: a caller's array is never
    the memo's.
    """

    def __init__(self, *, max_entries: int = MEMO_ENTRIES,
                 max_text_chars: int = MEMO_TEXT_CHARS) -> None:
        if max_entries < 1:
            raise ValueError("a memo keeps at least one vector")
        self.max_entries = max_entries
        self.max_text_chars = max_text_chars
        self._vectors: OrderedDict[MemoKey, Vector] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._vectors)

    def get(self, key: MemoKey) -> Vector | None:
        """The vector kept for ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            vector = self._vectors.get(key)
            if vector is not None:
                self._vectors.move_to_end(key)
            return vector

    def put(self, key: MemoKey, vector: Vector) -> None:
        """Keep ``vector`` for ``key`` unless its text is too long to be worth its memory;
        the least recently used entry goes when the memo is full."""
        if len(key[1]) > self.max_text_chars:
            return
        kept = np.array(vector, dtype=np.float32, copy=True)
        kept.setflags(write=False)
        with self._lock:
            self._vectors[key] = kept
            self._vectors.move_to_end(key)
            while len(self._vectors) > self.max_entries:
                self._vectors.popitem(last=False)
