"""PostgreSQL full-text matching shared by tenant documents and the legal corpus.

Questions are prose, so requiring every word (``plainto_tsquery``) finds almost nothing;
any-term matching (an OR of the query's stemmed lexemes, each as a prefix) finds the
candidates and ``ts_rank_cd`` puts the passages that cover most of the terms first.
"""

from __future__ import annotations

__all__ = ["any_term_tsquery"]


def any_term_tsquery(param: str, *, prefix: bool = True) -> str:
    """SQL for a tsquery matching any lexeme of the text in ``param`` (``NULL`` when none).

    ``param`` is a placeholder such as ``$2``; use the result as a scalar sub-select.
    ``prefix`` also matches longer words (``provid`` → "provider", "provided"): kinder to
    short user documents, noisier on long legal texts.
    """
    suffix = ":*" if prefix else ""
    return (
        f"(SELECT to_tsquery('english', string_agg(quote_literal(lexeme) || '{suffix}', ' | '))"
        f" FROM unnest(tsvector_to_array(to_tsvector('english', {param}))) AS lexeme)"
    )
