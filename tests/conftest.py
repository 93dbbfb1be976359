"""Fixtures: real NATS JetStream, PostgreSQL and Redis, embedded on free ports when no URL is given.

Set ``YOURAI_TEST_NATS_URL``, ``YOURAI_TEST_DATABASE_URL`` or ``YOURAI_TEST_REDIS_URL`` to use
existing servers instead. Each test gets its own database and NATS namespace, so tests never
see each other's data.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from services.engine import SCHEMA, Engine
from services.lex.app import LexServer, load_corpus
from services.lex.corpus.importer import import_paths
from services.lex.corpus.store import CorpusStore
from shared.config import Settings
from shared.embedded import free_port, start_nats, start_postgres, start_redis
from shared.embeddings import EmbedderConfig, configure_default_embedder
from shared.runtime import Infra, open_infra
from shared.store import connect_pool, migrate
from tests.e2e import Client
from tests.harness import Api, Harness

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"

MODEL_CACHE = Path(os.environ.get("YOURAI_TEST_MODEL_CACHE")
                   or Path(tempfile.gettempdir()) / f"yourai-test-models-{os.getuid()}")
"""The model cache of every test process on this machine (the optimised model and the vectors
computed, shared/embedding_cache.py), as ``yourai up`` keeps one under its data directory: the
session's first import of a text embeds it (``corpus_template`` warms it with the legislation),
and every later process, test file or engine started by a test reads it from there instead of
embedding the corpus again. Keyed by model, recipe and text, it is safe to share between
checkouts; ``YOURAI_TEST_MODEL_CACHE`` puts it elsewhere."""
configure_default_embedder(EmbedderConfig(cache_dir=MODEL_CACHE))


@pytest.fixture(scope="session")
def servers() -> Iterator[Settings]:
    """One embedded server of each kind for the whole session (unless URLs are given)."""
    with contextlib.ExitStack() as stack:
        root = Path(tempfile.mkdtemp(prefix="yt"))
        stack.callback(lambda: __import__("shutil").rmtree(root, ignore_errors=True))
        nats_url = os.environ.get("YOURAI_TEST_NATS_URL") or start_nats(stack, root / "n")
        db_url = os.environ.get("YOURAI_TEST_DATABASE_URL") or start_postgres(stack, root / "p")
        redis_url = os.environ.get("YOURAI_TEST_REDIS_URL") or start_redis(stack, root / "r")
        yield Settings(
            nats_url=nats_url,
            database_url=db_url,
            redis_url=redis_url,
            data_dir=root,
            ack_wait_s=3.0,
            worker_deadline_s=5.0,
            collect_deadline_s=6.0,
            model_deadline_s=20.0,
        )


def _with_database(dsn: str, name: str) -> str:
    parts = urlsplit(dsn)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def fresh_database(servers: Settings, template: str | None = None) -> Settings:
    """``servers`` with a new database and a NATS namespace of its own: empty, or a copy of
    ``template``."""
    assert servers.database_url
    name = f"t_{uuid.uuid4().hex[:12]}"
    copied = f' TEMPLATE "{template}"' if template else ""
    admin = await asyncpg.connect(servers.database_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"{copied}')
    finally:
        await admin.close()
    return replace(servers, database_url=_with_database(servers.database_url, name),
                   namespace=f"t{uuid.uuid4().hex[:10]}")


LEGISLATION = SHARED_DATA / "legislation"
"""The legislation of ../shared/data: what a test of answers checked against Acts needs, without
the judgments, whose embedding is most of the whole corpus's (one of 897 KiB took 996 s at a
load of 9, the Housing Act 2004 273 s, the other fifteen files seconds each)."""


@pytest.fixture(scope="session")
async def corpus_template(servers: Settings) -> str:
    """A database holding :data:`LEGISLATION` as ``yourai`` imports it (every file, its
    provisions embedded), made once for the session: a first import embeds the Housing Act
    2004's provisions, minutes of CPU on two shared cores, and a test that is not about the
    import has no need to pay for it again."""
    template = await fresh_database(servers)
    assert template.database_url
    pool = await connect_pool(template.database_url, max_size=2)
    try:
        await migrate(pool, SCHEMA)
        await load_corpus(pool, LEGISLATION)
    finally:
        await pool.close()  # a template is copied only while nobody is connected to it
    return urlsplit(template.database_url).path.lstrip("/")


async def corpus_database(servers: Settings, template: str) -> Settings:
    """``fresh_database``, its database a copy of ``template`` (``corpus_template``): the
    corpus is there, as after a first import, each file's source digest with it, so an import
    of :data:`LEGISLATION` leaves every file alone. PostgreSQL copies the files in a second."""
    return await fresh_database(servers, template)


UNHURRIED_S = 300.0
"""The model's deadline where a test needs the answer itself, not a timely one."""
ANSWER_WAIT_S = UNHURRIED_S + 120.0
"""The ceiling of a wait on a whole answer under ``unhurried``: the model's deadline, after the
workers' collection and with room for verification. Only a stuck stream waits that long."""


def unhurried(settings: Settings) -> Settings:
    """``settings`` with deadlines for the workers, their collection and the model that a
    loaded machine meets.

    The session's short deadlines keep tests of late steps quick. A test that needs a whole
    answer from the slowest path (Lex searched over the whole corpus, then the offline model
    embedding the sentences of the Acts it found) needs more: on CI's two shared cores under
    load that path outran the session's 20 s ("The language model did not finish the answer in
    time") and, at a load average of 20, the product's own 120 s."""
    return replace(settings, worker_deadline_s=60.0, collect_deadline_s=70.0,
                   model_deadline_s=UNHURRIED_S)


@contextlib.asynccontextmanager
async def local_lex(settings: Settings, *, embeddings: bool = False
                    ) -> AsyncIterator[LexServer]:
    """The engine's own Lex server over ../shared/data, imported into ``settings``' database;
    without ``embeddings`` (minutes of CPU) its search is hybrid over no vectors, i.e. full
    text, which is all that tests of the tools rather than of ranking need."""
    infra = await open_infra(settings, schema=SCHEMA)
    try:
        await import_paths(CorpusStore(infra.pool, dense=embeddings),
                           [SHARED_DATA / "legislation", SHARED_DATA / "caselaw"])
        lex = LexServer(infra)
        await lex.start()
        try:
            yield lex
        finally:
            await lex.stop()
    finally:
        await infra.close()


@pytest.fixture
async def settings(servers: Settings) -> Settings:
    """Settings for one test: a fresh database and a NATS namespace of its own."""
    return await fresh_database(servers)


@pytest.fixture
async def infra(settings: Settings) -> AsyncIterator[Infra]:
    infra = await open_infra(settings, schema=SCHEMA)
    try:
        yield infra
    finally:
        await infra.close()


@pytest.fixture
async def engine(settings: Settings) -> AsyncIterator[Engine]:
    """The whole engine in this process, its gateway on a free port."""
    engine = Engine(replace(settings, port=free_port()))
    await engine.start()
    try:
        yield engine
    finally:
        await engine.stop()


@pytest.fixture
async def gateways(infra: Infra) -> AsyncIterator[Harness]:
    """Real gateway servers over the test's infrastructure (no other service running)."""
    async with Harness(infra) as harness:
        yield harness


@pytest.fixture
async def api(gateways: Harness) -> Api:
    return await gateways.start()


@pytest.fixture
async def client(engine: Engine) -> AsyncIterator[Client]:
    """An API client of the whole engine, as the sample tenant's officer; a test that needs
    another tenant or its documents uploaded first defines its own ``client``."""
    c = Client(engine)
    yield c
    await c.close()
