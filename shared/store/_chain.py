"""The per-conversation hash chain that makes the log tamper-evident."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import msgspec

GENESIS = bytes(32)


class ChainRow(msgspec.Struct, frozen=True):
    """What an auditor needs of one stored event to check the chain offline."""

    position: int
    version: int
    payload: bytes
    prev_hash: bytes
    hash: bytes


class ChainBreak(msgspec.Struct, frozen=True):
    position: int
    version: int
    problem: str


def link_hash(prev_hash: bytes, version: int, payload: bytes) -> bytes:
    return hashlib.sha256(prev_hash + version.to_bytes(8, "big") + payload).digest()


def verify_chain(rows: Iterable[ChainRow]) -> list[ChainBreak]:
    """Every break in one conversation's chain, in version order; empty when intact."""
    breaks: list[ChainBreak] = []
    expected_version, prev = 1, GENESIS
    for row in rows:
        if row.version != expected_version:
            breaks.append(
                ChainBreak(
                    position=row.position,
                    version=row.version,
                    problem=f"version {row.version} follows {expected_version - 1}: a gap",
                )
            )
        if row.prev_hash != prev:
            breaks.append(
                ChainBreak(
                    position=row.position,
                    version=row.version,
                    problem="previous-hash link does not match the event before it",
                )
            )
        if link_hash(row.prev_hash, row.version, row.payload) != row.hash:
            breaks.append(
                ChainBreak(
                    position=row.position,
                    version=row.version,
                    problem="content does not match its recorded hash (altered after recording)",
                )
            )
        expected_version, prev = row.version + 1, row.hash
    return breaks
