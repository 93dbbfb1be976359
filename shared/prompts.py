"""Prompt templates live in ``prompts/`` as Markdown, filled with ``str.format`` values."""

from __future__ import annotations

from functools import cache
from importlib import resources

__all__ = ["render"]


@cache
def _template(name: str) -> str:
    return resources.files("prompts").joinpath(f"{name}.md").read_text(encoding="utf-8")


def render(name: str, **values: object) -> str:
    """The template ``prompts/<name>.md`` with its ``{placeholders}`` filled."""
    return _template(name).format(**values)
