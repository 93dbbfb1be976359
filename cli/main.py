"""The ``yourai`` command line."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from cli.errors import CliError
from shared.config import ConfigError, Settings

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="yourai", description="The YourAI compliance engine.")
    p.add_argument("-v", "--verbose", action="store_true", help="log more detail")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    up = sub.add_parser("up", help="start the whole engine (embedded servers where unset)")
    up.add_argument("--no-sample", action="store_true",
                    help="do not load the sample tenant or ask the sample question")

    serve = sub.add_parser("serve", help="run one service against configured servers")
    serve.add_argument("service", choices=["recorder", "router", "workers", "orchestrator",
                                           "verifier", "gateway"])

    token = sub.add_parser("token", help="print a development bearer token")
    token.add_argument("--tenant", required=True)
    token.add_argument("--user", required=True)
    token.add_argument("--ttl", type=int, default=12 * 3600, help="lifetime in seconds")

    docs = sub.add_parser("docs", help="tenant policy documents")
    docs_sub = docs.add_subparsers(dest="docs_command", required=True, metavar="ACTION")
    add = docs_sub.add_parser("add", help="upload documents through the gateway")
    add.add_argument("files", nargs="+")
    _client_args(add)

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
    return p


def _client_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--url", help="gateway URL (default: http://YOURAI_HOST:YOURAI_PORT)")
    p.add_argument("--tenant", default=None, help="tenant id (default: the sample tenant)")
    p.add_argument("--user", default="cli-user", help="user id for the dev token")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
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


async def _dispatch(args: argparse.Namespace, settings: Settings) -> int | None:
    match args.command:
        case "up":
            from cli.up import up

            return await up(settings, sample=not args.no_sample)
        case "serve":
            from cli.up import serve

            return await serve(settings, args.service)
        case "token":
            from services.gateway.auth import issue_token

            print(issue_token(settings.jwt_secret, args.tenant, args.user, ttl_s=args.ttl))
            return 0
        case "docs":
            from cli.client import add_documents

            return await add_documents(settings, args)
        case "ask":
            from cli.client import ask

            return await ask(settings, args)
        case "replay":
            from cli.replay import replay

            return await replay(settings, args.conversation_id, tenant=args.tenant)
        case "projections":
            from cli.replay import rebuild

            return await rebuild(settings)
    raise CliError(f"unknown command {args.command}")


if __name__ == "__main__":
    sys.exit(main())
