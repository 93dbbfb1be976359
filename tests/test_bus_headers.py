"""The process's NATS client parses message headers as nats-py does, only cheaper."""

from __future__ import annotations

import pytest
from nats.aio.client import Client

from shared.bus import _Client

BLOCKS = [
    b"Nats-Msg-Id: 0d9f3a4e-4a7b-4c1e-9d6e-5b0f2c3a1e77\r\nYourai-Version: 12\r\n"
    b"Yourai-Position: 4567\r\ntraceparent: 00-0af7651916cd43dd8448eb211c80319c-"
    b"b7ad6b7169203331-01\r\n\r\n",
    b"Name:Value\r\nTabbed:\tvalue \r\n:no name\r\nno colon\r\n\r\n",
    b"With space: dropped\r\nwith\x1cseparator: dropped\r\nok: kept\r\n",
    b"bad\xff: skipped\r\nutf8: \xc3\xa9t\xc3\xa9\r\nbroken: \xff\r\n",
    b"\r\n",
    b"",
]


@pytest.mark.parametrize("raw", BLOCKS)
def test_headers_parse_as_nats_py_parses_them(raw: bytes) -> None:
    assert _Client._parse_header_lines(raw) == Client._parse_header_lines(raw)
