"""The embedding model's graph edit: the int8 tables stay int8, and the vectors do not change."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

from shared._embedding_graph import gather_before_dequantising
from shared._model_cache import cache_name
from shared.embeddings import MINILM_L6_V2, Embedder, EmbedderConfig

TEXTS = [
    "timescale for remedying damp and mould",
    "Section 21 notice served on an assured shorthold tenant",
    "x",
    "The landlord shall keep in repair the structure and exterior of the dwelling-house, "
    "including drains, gutters and external pipes, and keep in repair and proper working "
    "order the installations for the supply of water, gas and electricity. " * 6,
]


def _session(model: bytes) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 3
    return ort.InferenceSession(model, sess_options=options,
                                providers=["CPUExecutionProvider"])


def _hidden(session: ort.InferenceSession, width: int) -> np.ndarray:
    rng = np.random.default_rng(width)
    ids = rng.integers(1000, 30_000, size=(3, width)).astype(np.int64)
    feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids),
             "token_type_ids": np.zeros_like(ids)}
    return np.asarray(session.run(None, feeds)[0])


def test_both_lookup_tables_are_gathered_before_scaling() -> None:
    _, rewritten = gather_before_dequantising(MINILM_L6_V2.weights.read())
    assert rewritten == 2  # the word and the position tables; token types are float32


def test_a_model_without_such_a_table_is_unchanged() -> None:
    model, _ = gather_before_dequantising(MINILM_L6_V2.weights.read())
    assert gather_before_dequantising(model) == (model, 0)


@pytest.mark.parametrize("width", [1, 17, 256])
def test_the_edited_graph_computes_the_same_token_vectors(width: int) -> None:
    packaged = MINILM_L6_V2.weights.read()
    edited, _ = gather_before_dequantising(packaged)
    assert np.array_equal(_hidden(_session(packaged), width), _hidden(_session(edited), width))


def test_the_embedder_matches_the_packaged_model_end_to_end() -> None:
    """The embedder (edited graph, its own session options) against the packaged file run
    as it is: the vectors are the same to float32 precision (bit-identical on this CPU)."""
    embedder = Embedder()
    vectors = embedder.embed_sync(TEXTS)
    packaged = _session(MINILM_L6_V2.weights.read())
    tokenizer = embedder._tokenizer  # the same tokenisation; the model is what is compared
    for text, vector in zip(TEXTS, vectors, strict=True):
        encoding = tokenizer.encode(text)
        ids = np.array([encoding.ids], dtype=np.int64)
        hidden = packaged.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids),
                                     "token_type_ids": np.zeros_like(ids)})[0][0]
        pooled = hidden.mean(axis=0)
        expected = pooled / np.linalg.norm(pooled)
        assert np.abs(expected - vector).max() < 1e-6


def test_the_saved_optimised_model_gives_the_same_vectors(tmp_path: Path) -> None:
    in_memory = Embedder().embed_sync(TEXTS)
    first = Embedder(EmbedderConfig(cache_dir=tmp_path))  # optimises and saves it
    saved = tmp_path / cache_name(MINILM_L6_V2.weights.sha256)
    assert saved.is_file() and saved.with_name(saved.name + ".sha256").is_file()
    written = saved.stat().st_mtime_ns
    again = Embedder(EmbedderConfig(cache_dir=tmp_path))  # loads it
    assert saved.stat().st_mtime_ns == written
    assert np.abs(first.embed_sync(TEXTS) - in_memory).max() < 1e-6
    assert np.abs(again.embed_sync(TEXTS) - in_memory).max() < 1e-6
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")] == []


def test_an_altered_saved_model_is_rebuilt(tmp_path: Path) -> None:
    Embedder(EmbedderConfig(cache_dir=tmp_path))
    saved = tmp_path / cache_name(MINILM_L6_V2.weights.sha256)
    saved.write_bytes(saved.read_bytes()[: saved.stat().st_size // 2])  # a partial copy
    vectors = Embedder(EmbedderConfig(cache_dir=tmp_path)).embed_sync(TEXTS)
    assert np.abs(vectors - Embedder().embed_sync(TEXTS)).max() < 1e-6
    digest = saved.with_name(saved.name + ".sha256").read_text().strip()
    assert hashlib.sha256(saved.read_bytes()).hexdigest() == digest


def test_a_read_only_cache_falls_back_to_optimising_in_memory(tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the cache directory would be")
    vectors = Embedder(EmbedderConfig(cache_dir=blocked / "models")).embed_sync(TEXTS[:2])
    assert np.abs(vectors - Embedder().embed_sync(TEXTS[:2])).max() < 1e-6
