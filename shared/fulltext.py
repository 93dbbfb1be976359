"""PostgreSQL full-text matching shared by tenant documents and the legal corpus.

Questions are prose, so requiring every word (``plainto_tsquery``) finds almost nothing;
any-term matching (an OR of the query's stemmed lexemes, each as a prefix) finds the
candidates. Ranking them by ``ts_rank_cd`` alone favours whatever repeats one common word
("order", "notice", "repair"), so a passage is ranked first by the share of the query's weight
it covers, each term weighted by its rarity (inverse document frequency) among the passages
searched (``idf_weights``, ``covered``); cover density only breaks ties.
"""

from __future__ import annotations

__all__ = ["any_term_tsquery", "covered", "idf_weights"]


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


def idf_weights(param: str, source: str, *, tsv: str = "x.tsv", where: str = "TRUE",
                own: str | None = None, added_weight: float = 1.0) -> str:
    """CTEs (``terms``, ``corpus_size``, ``weights``, ``weight_total``) weighting each lexeme
    of the text in ``param`` by its rarity among the rows of ``source``.

    ``source`` is a FROM clause whose rows are the passages searched (``tsv`` their
    tsvector, ``where`` which of them count): a tenant's current chunks, or a whole table.
    ``own`` (a placeholder for the words the asker wrote, when ``param`` adds others to them)
    weighs each lexeme not among them ``added_weight`` times its rarity.
    """
    factor = (f" * CASE WHEN terms.lexeme = ANY(tsvector_to_array(to_tsvector('english',"
              f" {own}))) THEN 1.0 ELSE {added_weight:g} END" if own else "")
    return f"""
      terms AS (SELECT DISTINCT lexeme, to_tsquery('english', quote_literal(lexeme)) AS t
                FROM unnest(tsvector_to_array(to_tsvector('english', {param}))) AS lexeme),
      corpus_size AS (SELECT count(*) AS n FROM {source} WHERE {where}),
      weights AS (SELECT terms.t, ln((corpus_size.n + 1.0) / (d.df + 0.5)){factor} AS idf
                  FROM terms, corpus_size,
                  LATERAL (SELECT count(*) AS df FROM {source}
                           WHERE {where} AND {tsv} @@ terms.t) d),
      weight_total AS (SELECT nullif(sum(idf), 0) AS idf FROM weights)"""


def covered(tsv: str) -> str:
    """SQL for the IDF-weighted share (0 to 1) of the query's terms that ``tsv`` contains;
    needs the CTEs of :func:`idf_weights`."""
    return (f"coalesce((SELECT sum(w.idf) FROM weights w WHERE {tsv} @@ w.t)"
            f" / (SELECT idf FROM weight_total), 0)")
