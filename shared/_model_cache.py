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
missing, partial or altered is rebuilt (by a child process, so that the optimisation's passing
peak is never the engine's), and without a writable directory the model is optimised in
memory as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import platform
import subprocess
import sys
from pathlib import Path

import onnxruntime as ort

from shared._embedding_graph import GRAPH_EDIT, gather_before_dequantising

__all__ = ["ModelSource", "cache_name", "optimised_model", "save"]

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


_BUILD_TIMEOUT_S = 300.0


def _saving_options() -> ort.SessionOptions:
    """Options for the one session that optimises and saves the model: the full optimisation
    the embedder's own sessions would apply (threads do not change the saved graph)."""
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = 1
    options.enable_cpu_mem_arena = False
    options.log_severity_level = 3
    return options


def save(weights: Path, weights_sha256: str, path: Path) -> None:
    """Optimise the packaged model at ``weights`` into ``path`` (and its digest), each written
    under a temporary name and renamed: a reader sees the whole file or none, and never a
    digest of another file."""
    packaged = weights.read_bytes()
    if hashlib.sha256(packaged).hexdigest() != weights_sha256:
        raise ValueError(f"{weights} is not the pinned model file")
    graph, _ = gather_before_dequantising(packaged)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    digest = path.with_name(path.name + ".sha256")
    partial_digest = digest.with_name(f".{digest.name}.{os.getpid()}.partial")
    try:
        saving = _saving_options()
        saving.optimized_model_filepath = str(partial)
        ort.InferenceSession(graph, sess_options=saving, providers=["CPUExecutionProvider"])
        partial_digest.write_text(_file_digest(partial) + "\n", encoding="ascii")
        os.replace(partial, path)
        os.replace(partial_digest, digest)
    finally:
        for leftover in (partial, partial_digest):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


def _save_in_a_child(weights: Path, weights_sha256: str, path: Path) -> None:
    """:func:`save`, run by a child interpreter: optimising passes through about 150 MiB
    more than the model keeps, and a process's peak (what a container's limit and
    ``bench.footprint`` see) would keep it even after it is given back."""
    root = str(Path(__file__).resolve().parents[1])  # the child imports this same ``shared``
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "-m", "shared._model_cache", str(weights), weights_sha256, str(path)],
        env=env, capture_output=True, text=True, timeout=_BUILD_TIMEOUT_S, check=False)
    if done.returncode != 0:
        raise OSError(done.stderr.strip().splitlines()[-1] if done.stderr.strip()
                      else f"exit status {done.returncode}")


def optimised_model(weights: Path, weights_sha256: str, cache_dir: Path | None
                    ) -> ModelSource:
    """The saved optimised model under ``cache_dir`` (made now if missing or invalid), or,
    without a usable directory, the edited graph to optimise in memory.

    ``weights`` is the packaged model file, already checked against ``weights_sha256``.
    """
    if cache_dir is not None:
        path = cache_dir / cache_name(weights_sha256)
        if _valid(path):
            return path
        try:
            _save_in_a_child(weights, weights_sha256, path)
        except (OSError, subprocess.SubprocessError) as e:
            log.warning("the optimised embedding model could not be saved under %s (%s); "
                        "optimising it in memory instead", cache_dir, e)
        else:
            if _valid(path):
                return path
    graph, _ = gather_before_dequantising(weights.read_bytes())
    return graph


if __name__ == "__main__":
    save(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))
