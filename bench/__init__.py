"""Benchmarks of the engine (``python -m bench.pipeline``); numbers live in docs/BENCHMARKS.md."""
