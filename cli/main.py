"""The ``yourai`` command line."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable, Sequence

from cli.errors import CliError
from shared.config import ConfigError, Settings
from shared.memory import fix_mmap_threshold, limit_malloc_arenas, release_free_memory

__all__ = ["environment_problem", "main", "prepare_process"]

log = logging.getLogger("yourai.cli")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="yourai", description="The YourAI compliance engine.")
    p.add_argument("-v", "--verbose", action="store_true", help="log more detail")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    up = sub.add_parser("up", help="start the whole engine (embedded servers where unset)")
    up.add_argument("--no-sample", action="store_true",
                    help="do not load the sample tenant or ask the sample question")

    serve = sub.add_parser("serve", help="run one service against configured servers")
    serve.add_argument("service", choices=["router", "workers", "orchestrator", "verifier",
                                           "gateway", "lex"])

    token = sub.add_parser("token", help="print a development bearer token")
    token.add_argument("--tenant", required=True)
    token.add_argument("--user", required=True)
    token.add_argument("--ttl", type=_ranged(1, 366 * 24 * 3600), default=12 * 3600,
                       help="lifetime in seconds (at most a year)")
    token.add_argument("--role", action="append", choices=["member", "admin", "auditor"],
                       dest="roles", help="a role the token grants (repeat for several; "
                       "default: member)")

    docs = sub.add_parser("docs", help="tenant policy documents")
    docs_sub = docs.add_subparsers(dest="docs_command", required=True, metavar="ACTION")
    add = docs_sub.add_parser("add", help="upload documents (Markdown, text, PDF or DOCX); "
                              "a file whose title is already there replaces it")
    add.add_argument("files", nargs="+")
    _client_args(add)
    _client_args(docs_sub.add_parser("list", help="list the current documents"))
    show = docs_sub.add_parser("show", help="a document's versions and text")
    show.add_argument("document_id")
    show.add_argument("--version", type=_ranged(1, 1_000_000), help="an earlier version")
    _client_args(show)
    rm = docs_sub.add_parser("rm", help="take a document out of search (kept for audit)")
    rm.add_argument("document_id")
    _client_args(rm)

    ask = sub.add_parser("ask", help="ask a question and watch the answer stream in")
    ask.add_argument("question")
    ask.add_argument("--conversation", help="continue this conversation")
    ask.add_argument("--json", action="store_true", help="print the raw events as JSON lines")
    _client_args(ask)

    replay = sub.add_parser("replay", help="rebuild a conversation from the log and verify it")
    replay.add_argument("conversation_id")
    replay.add_argument("--tenant", help="restrict to this tenant (default: any)")

    proj = sub.add_parser("projections", help="projection maintenance")
    proj.add_argument("action", choices=["rebuild"])

    _corpus_args(sub.add_parser("corpus", help="the legal corpus (legislation, judgments)"))
    _lex_args(sub.add_parser("lex", help="the local Lex MCP server and searches of it"))

    _verify_args(sub.add_parser("verify", help="check the citations of an answer (Markdown)"))

    _sources_args(sub.add_parser("sources", help="a tenant's external sources (regulators, "
                                                 "ombudsmen, consultations)"))
    _cache_args(sub.add_parser("cache", help="a tenant's semantic cache of verified answers"))
    _catalogue_args(sub.add_parser("personas", help="a tenant's personas (who answers, how)"),
                    "persona")
    _catalogue_args(sub.add_parser("skills", help="a tenant's skills (instructions a persona "
                                                  "or a tool family activates)"), "skill")
    return p


def _catalogue_args(p: argparse.ArgumentParser, what: str) -> None:
    """``list | show ID | set ID [options] | rm ID``, each with ``--tenant``."""
    p.set_defaults(catalogue=what)
    actions = p.add_subparsers(dest="catalogue_command", required=True, metavar="ACTION")
    actions.add_parser("list", help=f"list a tenant's {what}s").add_argument(
        "--tenant", required=True)
    show = actions.add_parser("show", help=f"one {what}, as JSON")
    rm = actions.add_parser("rm", help=f"remove a {what} (recorded as the operator's change)")
    put = actions.add_parser("set", help=f"create a {what}, or change the options given of "
                             "one (recorded as the operator's change)")
    for action in (show, rm, put):
        action.add_argument("item_id", metavar="ID")
        action.add_argument("--tenant", required=True)
    put.add_argument("--name")
    put.add_argument("--instructions")
    if what == "persona":
        put.add_argument("--tone", help='a few words on register, e.g. "warm and plain"')
        put.add_argument("--answer-style", help="standard, brief, plain or briefing")
        put.add_argument("--skill", action="append", help="a skill always active with it "
                         "(repeat for several; --skill '' for none)")
    else:
        put.add_argument("--tool", action="append", help="a tool family whose use activates "
                         "it: policy, legislation, caselaw, external (repeatable)")


def _cache_args(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="cache_command", required=True, metavar="ACTION")
    actions.add_parser("clear", help="remove every cached answer of a tenant").add_argument(
        "--tenant", required=True)
    actions.add_parser("stats", help="a tenant's hit rate and what the cache saved"
                       ).add_argument("--tenant", required=True)


def _sources_args(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="sources_command", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="add or replace an external source")
    add.add_argument("--tenant", required=True)
    add.add_argument("--id", required=True, help="short slug cited as ext:<id>/…, e.g. rsh")
    add.add_argument("--name", required=True, help="e.g. \"Regulator of Social Housing\"")
    add.add_argument("--kind", required=True, choices=["json", "feed", "html"])
    add.add_argument("--url", required=True)
    add.add_argument("--allow-host", action="append", metavar="HOST",
                     help="add HOST to the tenant's allowed hosts first (repeatable)")
    add.add_argument("--disabled", action="store_true", help="save it switched off")
    for field, default in (("items-path", ""), ("id-field", "id"), ("title-field", "title"),
                           ("text-field", "text"), ("url-field", "url"),
                           ("date-field", "published")):
        add.add_argument(f"--{field}", default=default,
                         help=f"JSON APIs: dotted path (default: {default or 'the top level'})")
    listing = actions.add_parser("list", help="list a tenant's sources and allowed hosts")
    listing.add_argument("--tenant", required=True)


def _verify_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", metavar="FILE.md", help="the answer to check")
    p.add_argument("--batch", metavar="FILE.jsonl",
                   help='answers as {"id", "text", "jurisdiction"} lines; one JSON line out each')
    p.add_argument("--jurisdiction", default=None,
                   choices=["england", "wales", "scotland", "northern_ireland"],
                   help="whose law the answer is about (default: england)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--corpus", metavar="DIR", help="check against DIR (imported if need be)")
    where.add_argument("--lex-url", help="check against this Lex MCP server "
                                         "(default: YOURAI_LEX_MCP_URL)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def _corpus_args(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="corpus_command", required=True, metavar="ACTION")
    imp = actions.add_parser("import", help="import CLML or Akoma Ntoso XML files, directories "
                                            "or legislation.gov.uk ids (e.g. ukpga/2004/34)")
    imp.add_argument("targets", nargs="+", metavar="PATH|ID")
    imp.add_argument("--base-url", default="https://www.legislation.gov.uk",
                     help="where ids are fetched from, as <URL>/<id>/data.xml")


def _lex_args(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="lex_command", required=True, metavar="ACTION")
    serve = actions.add_parser("serve", help="serve the corpus as Lex MCP tools at /mcp")
    serve.add_argument("--corpus", metavar="DIR", help="import DIR first (unchanged files skipped)")
    serve.add_argument("--port", type=_ranged(0, 65535), default=8765,
                       help="port (0: any free port)")
    search = actions.add_parser("search", help="search legislation sections")
    search.add_argument("query", nargs="?")
    where = search.add_mutually_exclusive_group()
    where.add_argument("--corpus", metavar="DIR", help="search DIR (imported if need be)")
    where.add_argument("--url", help="search this Lex MCP server (default: YOURAI_LEX_MCP_URL)")
    search.add_argument("--size", type=int, default=10, help="results per query (1–100)")
    search.add_argument("--json", action="store_true", help="print the results as JSON")
    search.add_argument("--batch", metavar="FILE.jsonl",
                        help='queries as {"id": …, "q": …} lines; one JSON line out per query')


def _ranged(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high`` (else a one-line usage error)."""

    def parse(raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{raw!r} is not an integer") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value

    return parse


def _client_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--url", help="gateway URL (default: http://YOURAI_HOST:YOURAI_PORT)")
    p.add_argument("--tenant", default=None, help="tenant id (default: the sample tenant)")
    p.add_argument("--user", default="cli-user", help="user id for the dev token")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    prepare_process(args)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        settings = Settings.from_env()
        return asyncio.run(_dispatch(args, settings)) or 0
    except (CliError, ConfigError) as e:
        print(f"yourai: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        if (message := environment_problem(e)) is None:
            raise
        log.debug("details", exc_info=e)  # the traceback with --verbose
        print(f"yourai: {message}", file=sys.stderr)
        return 2


def prepare_process(args: argparse.Namespace) -> None:
    """Set up the process: for a command that serves (``up``, ``serve``, ``lex serve``) the
    allocator's limits before any thread starts (shared/memory.py); for every command the
    embedding model kept under the data directory. A server runs until stopped and may load
    the model (``lex serve`` for its dense search), ``verify`` and ``lex import`` load it to
    judge a citation or embed a provision: each should load it from the saved file rather
    than optimise it again, and read the vectors computed before rather than compute them
    again (the held-out gates run ``yourai verify`` once per set)."""
    serving = args.command in ("up", "serve") or (
        args.command == "lex" and args.lex_command == "serve")
    if serving:
        limit_malloc_arenas()
        fix_mmap_threshold()
    _keep_the_model_in_the_data_directory()
    if args.command == "up":
        _load_embedder_first()


def _keep_the_model_in_the_data_directory() -> None:
    """The embedding model is optimised once and kept under the data directory's ``models``
    (``yourai up``'s own; a pod's scratch volume under Kubernetes), or in
    ``YOURAI_MODEL_CACHE`` shared by several: loaded from there, it holds 45 MiB less than
    optimised at each start (shared/_model_cache.py), and the vectors kept beside it are not
    computed again. Settings that do not parse are left to be reported where they are read."""
    from shared.embeddings import EmbedderConfig, configure_default_embedder

    try:
        models = Settings.from_env().models_dir
    except ConfigError:
        return
    configure_default_embedder(EmbedderConfig(cache_dir=models.resolve()))


def _load_embedder_first() -> None:
    """Load the embedding model before the engine is imported and started: building its
    session takes about 110 MiB more than the model keeps, given back here, so done first
    that passing peak does not sit on top of the engine's own memory (docs/BENCHMARKS.md,
    "Memory of `yourai up`"). The whole engine in one process always loads it at start-up.
    A model that cannot load is left to fail, and be reported, where it is used."""
    from shared.embeddings import EmbeddingError, default_embedder

    try:
        default_embedder()
    except EmbeddingError:
        log.debug("embedding model not loaded ahead of start-up", exc_info=True)
    release_free_memory()  # what building the session freed (shared/memory.py)


def environment_problem(e: Exception) -> str | None:
    """One line for a problem with the surroundings (a server down, a port taken), else None.

    These are not defects of the command: a traceback would only hide the sentence that says
    what to fix.
    """
    from nats.errors import Error as NatsError

    from shared.asgi_server import ServerStartError
    from shared.embedded import EmbeddedError
    from shared.store import StoreError

    match e:
        case StoreError() | ServerStartError() | EmbeddedError():
            return str(e)
        case NatsError():
            return f"NATS: {e or type(e).__name__} (is YOURAI_NATS_URL right and the server up?)"
        case OSError():
            return f"{e.strerror or e}" + (f": {e.filename}" if e.filename else "")
    return None


async def _dispatch(args: argparse.Namespace, settings: Settings) -> int | None:
    match args.command:
        case "up":
            from cli.up import up

            return await up(settings, sample=not args.no_sample)
        case "serve":
            from cli.up import serve

            return await serve(settings, args.service)
        case "token":
            from services.gateway.app import issue_token

            print(issue_token(settings.jwt_secret, args.tenant, args.user, ttl_s=args.ttl,
                              roles=args.roles or ("member",)))
            return 0
        case "docs":
            from cli.documents import documents_command

            return await documents_command(settings, args)
        case "ask":
            from cli.client import ask

            return await ask(settings, args)
        case "replay" | "projections":
            from cli.replay import replay_command

            return await replay_command(settings, args)
        case "sources":
            from cli.sources import sources_command

            return await sources_command(settings, args)
        case "cache":
            from cli.cache import cache_command

            return await cache_command(settings, args)
        case "personas" | "skills":
            from cli.catalogue import catalogue_command

            return await catalogue_command(settings, args)
        case "verify":
            from cli.verify import verify_command

            return await verify_command(settings, args)
        case "corpus" | "lex":
            from cli.lex import legal_command

            return await legal_command(settings, args)
    raise CliError(f"unknown command {args.command}")


if __name__ == "__main__":
    sys.exit(main())
