"""Prompt templates live in ``prompts/`` as Markdown, filled with ``str.format`` values."""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["PROMPTS_DIR", "render"]

PROMPTS_DIR = Path(__file__).resolve().parents[1] / "prompts"


@cache
def _template(name: str) -> str:
    return (PROMPTS_DIR / f"{name}.md").read_text(encoding="utf-8")


def render(name: str, **values: object) -> str:
    """The template ``prompts/<name>.md`` with its ``{placeholders}`` filled."""
    return _template(name).format(**values)
