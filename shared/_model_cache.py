"""The embedding model, optimised once and kept on disk, so each start only loads it.

Building the session from the packaged file makes onnxruntime fold and fuse the graph at
every start, passing through about twice the memory the model keeps; and a model handed over
as bytes stays in memory as a copy of those bytes beside the session's own weights. The
optimised model saved once (``SessionOptions.optimized_model_filepath``) and loaded by path
with optimisations off does neither: the session keeps 115 MiB, not 162 (docs/BENCHMARKS.md,
"Memory of `yourai up`"). Its vectors are the packaged model's, bit for bit
(``tests/test_embedding_graph.py``).

The file is named by what it depends on: the packaged weights' digest, the onnxruntime
version that optimised it (a saved optimised graph is only valid for the version that wrote
it), the machine's architecture and the graph edit's version. It is written under a temporary
name and renamed, with a digest beside it that is checked before each load; a file that is
missing, partial or altered is rebuilt, and without a writable directory the model is
optimised in memory as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import platform
from collections.abc import Callable
from pathlib import Path

import onnxruntime as ort

from shared._embedding_graph import GRAPH_EDIT, gather_before_dequantising

__all__ = ["ModelSource", "cache_name", "optimised_model"]

log = logging.getLogger("yourai.embeddings")

ModelSource = Path | bytes
"""What a session is built from: the saved optimised model (load it with optimisations off),
or the edited graph (optimise it while loading)."""


def _file_digest(path: Path) -> str:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def cache_name(weights_sha256: str) -> str:
    """The saved model's file name for these weights under this onnxruntime, on this machine."""
    return (f"embedding-{weights_sha256[:16]}-ort{ort.__version__}-{platform.machine()}"
            f"-edit{GRAPH_EDIT}.onnx")


def _valid(path: Path) -> bool:
    digest = path.with_name(path.name + ".sha256")
    try:
        return digest.read_text(encoding="ascii").strip() == _file_digest(path)
    except OSError:
        return False


def _save(graph: bytes, path: Path, options: Callable[[], ort.SessionOptions]) -> None:
    """Optimise ``graph`` into ``path`` (and its digest), each written under a temporary name
    and renamed: a reader sees the whole file or none, and never a digest of another file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    digest = path.with_name(path.name + ".sha256")
    partial_digest = digest.with_name(f".{digest.name}.{os.getpid()}.partial")
    try:
        saving = options()
        saving.optimized_model_filepath = str(partial)
        ort.InferenceSession(graph, sess_options=saving, providers=["CPUExecutionProvider"])
        partial_digest.write_text(_file_digest(partial) + "\n", encoding="ascii")
        os.replace(partial, path)
        os.replace(partial_digest, digest)
    finally:
        for leftover in (partial, partial_digest):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


def optimised_model(weights: bytes, weights_sha256: str, cache_dir: Path | None,
                    options: Callable[[], ort.SessionOptions]) -> ModelSource:
    """The saved optimised model under ``cache_dir`` (made now if missing or invalid), or,
    without a usable directory, the edited graph to optimise in memory.

    ``weights`` are the packaged model's bytes, already checked against ``weights_sha256``;
    ``options`` makes the session options the model runs with.
    """
    if cache_dir is not None and _valid(path := cache_dir / cache_name(weights_sha256)):
        return path
    graph, _ = gather_before_dequantising(weights)
    if cache_dir is None:
        return graph
    try:
        _save(graph, path, options)
    except Exception as e:  # disk or onnxruntime: either way the model still loads
        log.warning("the optimised embedding model could not be saved under %s (%s); "
                    "optimising it at each start instead", cache_dir, e)
        return graph
    return path
