"""The CLI as an HTTP client of the gateway: upload documents, ask and render the stream."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import AsyncIterator

import httpx

from cli.errors import CliError
from shared.config import Settings
from shared.footnotes import Check, Key, SourceTitles, StreamedText, changes, footnote_for, render


def _token(settings: Settings, args: argparse.Namespace) -> str:
    from services.gateway.app import issue_token

    return issue_token(settings.jwt_secret, args.tenant or settings.sample_tenant, args.user)


def _url(settings: Settings, args: argparse.Namespace) -> str:
    return (args.url or f"http://{settings.host}:{settings.port}").rstrip("/")


def _check(response: httpx.Response) -> dict[str, object]:
    if response.status_code >= 400:
        try:
            detail = response.json().get("detail", response.text)
        except ValueError:
            detail = response.text
        raise CliError(f"the gateway answered {response.status_code}: {detail}")
    return response.json() if response.content else {}


async def _post(client: httpx.AsyncClient, path: str, body: dict[str, object]) -> httpx.Response:
    try:
        return await client.post(path, json=body)
    except httpx.TransportError as e:
        raise CliError(f"cannot reach the gateway at {client.base_url} ({e}); is "
                       "`./taskw up` running?") from e


async def ask(settings: Settings, args: argparse.Namespace) -> int:
    return await ask_and_render(_url(settings, args), _token(settings, args), args.question,
                                conversation=args.conversation, raw=args.json)


async def ask_and_render(url: str, token: str, question: str, *, conversation: str | None = None,
                         raw: bool = False) -> int:
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers,
                                 timeout=httpx.Timeout(30, read=300)) as client:
        if conversation is None:
            conversation = str(_check(await _post(client, "/v1/conversations", {}))["id"])
        accepted = _check(await _post(client, f"/v1/conversations/{conversation}/messages",
                                      {"content": question}))
        renderer = _Renderer(raw=raw)
        async for event_type, data in _sse(client, str(accepted["stream_url"])):
            renderer.show(event_type, data)
        renderer.finish(conversation)
        return 0 if renderer.outcome == "invocation.completed" else 1


async def _sse(client: httpx.AsyncClient, url: str
               ) -> AsyncIterator[tuple[str, dict[str, object]]]:
    async with client.stream("GET", url) as response:
        if response.status_code >= 400:
            await response.aread()
            _check(response)
        event_type, data = "message", []
        async for line in response.aiter_lines():
            if line == "":
                if data:
                    yield event_type, json.loads("\n".join(data))
                event_type, data = "message", []
            elif line.startswith("event:"):
                event_type = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())


class _Renderer:
    """Terminal rendering: progress lines, the answer streamed once without its markup, each
    citation's footnote with its badge as its check arrives, and what verification changed."""

    def __init__(self, *, raw: bool) -> None:
        self.raw = raw
        self.streaming = False
        self.at_line_start = True
        self.outcome = ""
        self.stream = StreamedText()
        self.titles = SourceTitles()
        self.checks: list[Check] = []
        self.shown: dict[Key, str] = {}
        """The badge each footnote was last shown with."""
        self.held: list[str] = []
        """Footnote lines that arrived mid-line, shown at the stream's next line break."""
        self.draft = ""
        """The answer as streamed, markup included."""
        self.revision: tuple[str, int] | None = None
        """The last revision shown (markers in place of tags), and how much of the stream
        had been shown then: a later revision is compared with both."""

    def _line(self, text: str) -> None:
        self._break()
        print(text, flush=True)

    def _break(self) -> None:
        """A line between pieces of the answer (progress, a revision): end the answer's line
        and show the footnotes that waited for it; a tag still arriving stays held."""
        if self.streaming:
            if not self.at_line_start:
                print()
            self.streaming = False
            self.at_line_start = True
        self._flush_held()

    def _end_stream(self) -> None:
        """The answer has finished streaming: show what was held back (a tag cut off by the
        end is dropped)."""
        self._write(self.stream.finish())
        self._break()

    def _write(self, text: str) -> None:
        if text:
            sys.stdout.write(text)
            sys.stdout.flush()
            self.at_line_start = text.endswith("\n")

    def _flush_held(self) -> None:
        for line in self.held:
            print(line, flush=True)
        self.held.clear()

    def show(self, kind: str, e: dict[str, object]) -> None:  # noqa: C901 - one case per type
        if self.raw:
            print(json.dumps(e), flush=True)
            if kind.startswith("invocation.") and kind != "invocation.started":
                self.outcome = kind
            return
        self.titles.observe(kind, e)
        match kind:
            case "query.rewritten":
                if e.get("method") != "unchanged":
                    self._line(f"• searched for: {e['standalone']}")
            case "routing.decided":
                self._line(f"• routed as {e['query_type']} (complexity {e['complexity']}, "
                           f"{e['model_tier']} tier): {', '.join(e['workers']) or 'no search'}")
            case "agent.start":
                self._line(f"• {e['agent_name']}: {e['task_description']}…")
            case "policy.source":
                self._line(f"    ↳ {e['title']}")
            case "legal.source":
                status = {"unknown": "status not confirmed by the source"}.get(
                    str(e["status"]), str(e["status"]).replace("_", " "))
                self._line(f"    ↳ {e['act_name']} {e['section']} ({status})")
            case "caselaw.source":
                self._line(f"    ↳ {e['case_name']} {e['citation']}")
            case "worker.findings":
                n = len(e.get("findings", []))  # type: ignore[arg-type]
                extra = f" — {e['error']}" if e.get("error") else ""
                self._line(f"• {e['worker']}: {e['status']}, {n} finding(s){extra}")
            case "title.generated":
                self._line(f"• title: {e['title']}")
            case "content.delta":
                self._delta(str(e["text"]))
            case "draft.completed":
                self._end_stream()
            case "citation.checked":
                self._checked(Check.from_event(e))
            case "answer.revised":
                covers = e.get("draft_chars")  # a revision made while the answer streams
                self._revised(str(e["text"]) + (self.draft[covers:] if isinstance(covers, int)
                                                 else ""))
            case "verification.result":
                self._end_stream()
                self._line(f"\nCitations verified: {e['citations_verified']} of "
                           f"{e['citations_checked']}")
            case "confidence.update":
                self._line(f"Confidence: {e['level']} — {e['reason']}")
            case "invocation.completed" | "invocation.cancelled" | "invocation.failed":
                self._end_stream()
                self.outcome = kind
                reason = e.get("reason")
                self._line(f"■ {kind.split('.')[1]}" + (f": {reason}" if reason else ""))

    def _delta(self, text: str) -> None:
        if not self.streaming:
            print()
            self.streaming = True
            self.at_line_start = True
        self.draft += text
        shown = self.stream.feed(text)
        # Footnotes that came mid-line wait for the paragraph's end, not to split a sentence.
        head, newline, tail = shown.rpartition("\n")
        if newline and self.held:
            self._write(head + newline)
            if head.endswith("\n") and self.held[0] == "":
                self.held.pop(0)  # the paragraph's own blank line separates them already
            self._flush_held()
            if tail:
                print()
            self._write(tail)
        else:
            self._write(shown)

    def _checked(self, check: Check) -> None:
        """The citation's footnote with its badge, once per footnote (again if it changes)."""
        self.checks.append(check)
        found = footnote_for([c for c in self.checks if c.key == check.key], self.titles,
                             self.stream.numbering.get(check.key))
        if self.shown.get(check.key) == found.badge:
            return
        first = not self.shown
        self.shown[check.key] = found.badge
        lines = (["", "Sources:"] if first else []) + ["  " + found.line()]
        if found.status != "verified" and found.detail:
            lines.append(f"      {found.detail}")
        self._show(lines)

    def _revised(self, text: str) -> None:
        """Only what verification changed: the answer is not printed a second time.

        ``text`` is the whole answer so far as revised, markup included. A revision made while
        a line of the answer streams is shown when the line ends, as footnotes are.
        """
        revised = render(text, self.checks, self.titles, numbering=self.stream.numbering).text
        before = self.stream.text
        if self.revision is not None:
            before = self.revision[0] + self.stream.text[self.revision[1]:]
        self.revision = (revised, len(self.stream.text))
        edits = changes(before, revised)
        lines = ["", "Changed after verification:"] if edits else []
        for was, now in edits:
            lines += [f"  was: {was}"] if was else []
            lines.append(f"  now: {now}" if now else "  now: (left out)")
        self._show(lines)

    def _show(self, lines: list[str]) -> None:
        """Lines between pieces of the answer: held while a line of it is still streaming."""
        if self.streaming and not self.at_line_start:
            self.held.extend(lines)
        else:
            for line in lines:
                self._line(line)

    def finish(self, conversation: str) -> None:
        if not self.raw:
            self._line(f"\nConversation: {conversation}  (continue with --conversation "
                       f"{conversation})")
