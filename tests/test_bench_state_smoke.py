"""The scale-of-state benchmarks, run tiny so they cannot rot: ``bench.state_scale`` over twenty
thousand events and ``bench.sse_scale`` with twenty streams. Their numbers are not checked here
(they belong in docs/BENCHMARKS.md); what is checked is that they measure what they say."""

from __future__ import annotations

from typing import Any

from bench import sse_scale, state_scale


async def test_state_scale_fills_and_times_every_call_at_every_level() -> None:
    results: dict[str, Any] = await state_scale.run(
        20_000, state_scale.Counts(samples=3, long_turns=4, typical_turns=2, cold=3))
    levels = results["levels"]
    assert [s["level"] for s in levels] == [0, 2_000, 6_000, 20_000]
    assert levels[-1]["events_in_table"] >= 20_000
    assert levels[-1]["sizes"]["events"]["table_bytes"] > 20_000 * 500  # real payload sizes
    for step in levels:
        assert all(t["p50_ms"] > 0 for t in step["ops"].values()), step["ops"]
    assert "read_conversation_cold" in levels[-1]["ops"]  # other tenants' rows are readable
    assert set(results["flatness"]) >= {"append_turn_new_conversation", "verify_long"}
    detail = results["plans"]["conversation_detail"]
    assert any("FROM invocations" in p["statement"] for p in detail)  # the calls were recorded


async def test_sse_scale_delivers_every_event_to_every_stream_once() -> None:
    results: dict[str, Any] = await sse_scale.run(
        sse_scale.Shape(streams=20, conversations=2, delay_s=0.2, stats_settle_s=0))
    delivery = results["delivery"]
    assert delivery["streams"] == 20
    assert delivery["stream_errors"] == 0
    assert delivery["exactly_once_in_order"] == 20
    assert delivery["latency_from_commit"]["count"] > 0  # the streams were open while it ran
    assert results["memory"]["engine_streams_open"] > 0
