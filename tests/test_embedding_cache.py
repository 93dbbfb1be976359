"""The vectors shared on disk (shared/embedding_cache.py): reused across processes, never for
another model or recipe, never trusted when damaged, and safe with several writers at once."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np

from shared.config import Settings
from shared.embedding_cache import FILE_NAME, VectorCache, text_digest
from shared.embeddings import Embedder, EmbedderConfig
from tests.conftest import LEGISLATION, fresh_database

ROOT = Path(__file__).resolve().parents[1]
MODEL = "all-MiniLM-L6-v2-onnx-int8@8199be6f699a/256"
RECIPE = "title+terms/3x160w"


def _vectors(n: int, seed: int = 0) -> list[tuple[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    return [(text_digest(f"text {seed} {i}"), rng.random(384, dtype=np.float32))
            for i in range(n)]


def test_a_vector_comes_back_only_for_its_own_model_and_recipe(tmp_path: Path) -> None:
    cache = VectorCache(tmp_path / FILE_NAME)
    kept = _vectors(3)
    cache.put(MODEL, RECIPE, kept)
    md5s = [md5 for md5, _ in kept]
    found = VectorCache(tmp_path / FILE_NAME).get(MODEL, RECIPE, md5s)  # as another process
    assert list(found) == md5s
    for md5, vector in kept:
        assert np.array_equal(found[md5], vector)
    assert cache.get("all-MiniLM-L6-v2-onnx-int8@000000000000/256", RECIPE, md5s) == {}
    assert cache.get(MODEL, "title/1x160w", md5s) == {}
    assert cache.get(MODEL, RECIPE, [text_digest("never embedded")]) == {}


def test_a_damaged_entry_is_ignored_not_trusted(tmp_path: Path) -> None:
    cache = VectorCache(tmp_path / FILE_NAME)
    kept = _vectors(4)
    cache.put(MODEL, RECIPE, kept)
    (cut, _), (flipped, _), (moved, _), (intact, vector) = kept
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute("UPDATE vectors SET vector = substr(vector, 1, 100) WHERE md5 = ?", (cut,))
        blob = bytearray(db.execute("SELECT vector FROM vectors WHERE md5 = ?",
                                    (flipped,)).fetchone()[0])
        blob[7] ^= 0x40
        db.execute("UPDATE vectors SET vector = ? WHERE md5 = ?", (bytes(blob), flipped))
        # A row copied under another key (its vector intact) is not that key's vector.
        db.execute("UPDATE vectors SET md5 = ? WHERE md5 = ?", (text_digest("other"), moved))
    found = cache.get(MODEL, RECIPE, [cut, flipped, text_digest("other"), intact])
    assert list(found) == [intact]
    assert np.array_equal(found[intact], vector)


def test_a_file_that_is_not_a_database_is_a_miss_not_an_error(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"half a page of something else" * 200)
    cache = VectorCache(path)
    cache.put(MODEL, RECIPE, _vectors(2))
    assert cache.get(MODEL, RECIPE, [md5 for md5, _ in _vectors(2)]) == {}
    assert cache.size()[0] == 0


def test_the_cache_is_bounded_and_keeps_the_latest(tmp_path: Path) -> None:
    cache = VectorCache(tmp_path / FILE_NAME, max_entries=10)
    batches = [_vectors(8, seed) for seed in range(3)]
    for batch in batches:
        cache.put(MODEL, RECIPE, batch)
    rows, size = cache.size()
    assert rows == 10 and size > 10 * 384 * 4
    assert len(cache.get(MODEL, RECIPE, [md5 for md5, _ in batches[2]])) == 8


_WRITER = """
import sys
from pathlib import Path
import numpy as np
from shared.embedding_cache import VectorCache, text_digest
cache = VectorCache(Path(sys.argv[1]))
seed = int(sys.argv[2])
rng = np.random.default_rng(seed)
for batch in range(40):
    cache.put("m", "r", [(text_digest(f"{seed} {batch} {i}"), rng.random(384, dtype=np.float32))
                         for i in range(50)])
"""


def test_concurrent_writers_each_keep_every_vector(tmp_path: Path) -> None:
    """Four processes write 2,000 vectors each at once: every one is there, intact."""
    path = tmp_path / FILE_NAME
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER, str(path), str(seed)],
                                cwd=ROOT, stderr=subprocess.PIPE, text=True)
               for seed in range(4)]
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
        assert "cannot be used" not in err, err
    cache = VectorCache(path)
    for seed in range(4):
        rng = np.random.default_rng(seed)
        for batch in range(40):
            md5s = [text_digest(f"{seed} {batch} {i}") for i in range(50)]
            found = cache.get("m", "r", md5s)
            assert [np.array_equal(found[m], rng.random(384, dtype=np.float32))
                    for m in md5s] == [True] * 50
    assert cache.size()[0] == 4 * 40 * 50


_IMPORT = """
import asyncio, json, sys
from pathlib import Path
from services.engine import SCHEMA
from services.lex.corpus.importer import import_paths
from services.lex.corpus.store import CorpusStore
from shared.embeddings import EmbedderConfig, configure_default_embedder
from shared.store import connect_pool, migrate

async def main() -> None:
    configure_default_embedder(EmbedderConfig(cache_dir=Path(sys.argv[2])))
    pool = await connect_pool(sys.argv[1], max_size=2)
    try:
        await migrate(pool, SCHEMA)
        store = CorpusStore(pool)
        await import_paths(store, [Path(sys.argv[3])])
        stored = await pool.fetchval("SELECT count(*) FROM legislation_section_vectors")
        print(json.dumps({"embedded": store.vectors.embedded, "stored": stored}))
    finally:
        await pool.close()

asyncio.run(main())
"""


async def _import_in_a_process(settings: Settings, cache_dir: Path) -> dict[str, int]:
    done = await asyncio.to_thread(
        subprocess.run, [sys.executable, "-c", _IMPORT, str(settings.database_url),
                         str(cache_dir), str(LEGISLATION / "lex_fragment_4.xml")],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    counts: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return counts


async def test_a_second_process_importing_the_same_text_embeds_nothing(
        servers: Settings, tmp_path: Path) -> None:
    """Two processes import the same Act into fresh databases with one model cache: the first
    embeds its provisions, the second reads every vector from the cache and stores as many."""
    first = await _import_in_a_process(await fresh_database(servers), tmp_path)
    assert first["embedded"] > 0 and first["stored"] > 0
    assert VectorCache(tmp_path / FILE_NAME).size()[0] == first["embedded"]
    second = await _import_in_a_process(await fresh_database(servers), tmp_path)
    assert second == {"embedded": 0, "stored": first["stored"]}


def test_texts_embedded_kept_are_read_back_by_another_embedder(tmp_path: Path) -> None:
    """``embed_kept_sync`` stores what it computes: a second embedder on the same directory
    (another process, a restart) returns the same vectors without running the model, and a
    text not seen before is computed and added."""
    first = Embedder(EmbedderConfig(cache_dir=tmp_path))
    texts = ["A landlord must repair the structure.", "Damp is inspected within 5 days."]
    computed = first.embed_kept_sync(texts)
    assert np.allclose(computed, first.embed_sync(texts), atol=1e-6)
    second = Embedder(EmbedderConfig(cache_dir=tmp_path))
    runs: list[int] = []
    original = second._run

    def counted(encodings: list[Any]) -> Any:
        runs.append(len(encodings))
        return original(encodings)

    second._run = counted  # type: ignore[method-assign]
    assert np.array_equal(second.embed_kept_sync(list(reversed(texts))), computed[::-1])
    assert runs == []
    again = second.embed_kept_sync([texts[0], "Mould is treated within 14 days.", texts[0]])
    assert runs == [1]
    assert np.array_equal(again[0], computed[0]) and np.array_equal(again[2], computed[0])
    assert VectorCache(tmp_path / FILE_NAME).size()[0] == 3
