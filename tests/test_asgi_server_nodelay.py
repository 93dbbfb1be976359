"""The in-process ASGI server's connections send each write at once (TCP_NODELAY): asyncio
sets it only on connections accepted from a socket whose protocol is TCP, and the server binds
its socket itself. Without it a streamed response's second write on a kept-alive connection
waited for the client's delayed acknowledgement (about 40 ms: docs/BENCHMARKS.md, round
seventeen)."""

from __future__ import annotations

import asyncio
import socket

from shared.asgi_server import AsgiServer


async def test_an_accepted_connection_has_nagles_algorithm_off() -> None:
    listening = AsgiServer("test server", "127.0.0.1", 0).bind()
    listening.listen()
    listening.setblocking(False)
    loop = asyncio.get_running_loop()
    client = socket.create_connection(("127.0.0.1", listening.getsockname()[1]))
    try:
        accepted, _ = await loop.sock_accept(listening)
        # What uvicorn's server does with each connection it accepts.
        transport, _ = await loop.connect_accepted_socket(asyncio.Protocol, accepted)
        try:
            sock = transport.get_extra_info("socket")
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        finally:
            transport.close()
    finally:
        client.close()
        listening.close()
