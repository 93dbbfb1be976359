"""What the tenant's model calls cost (administrators), and its optional monthly budget.

``GET /v1/usage`` sums the calls by day, user, agent and model over a date range, from the
log's ``model_usage`` projection. Once a month's calls have cost the budget, new messages are
refused (402) until the month ends or an administrator raises it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import msgspec
from litestar import Controller, get, put

from services.gateway.auth import Caller
from services.gateway.configuration import configuration_change
from services.gateway.errors import BadInput, BudgetSpent
from services.gateway.state import Gateway
from shared.pricing import PriceError, money, parse_money
from shared.store.usage import UsageSummary, month_bounds, spent_since, summarise
from shared.tenant_models import TenantModelStore
from shared.tenants import TenantConfig, TenantStore

__all__ = ["BudgetController", "UsageController", "refuse_when_spent"]

MAX_RANGE_DAYS = 366
MAX_BUDGET = Decimal(10_000_000)


class Budget(msgspec.Struct, frozen=True, kw_only=True):
    monthly_budget: str | None
    """A decimal amount in the price table's currency; ``null`` removes the budget."""


class BudgetOut(msgspec.Struct, frozen=True, kw_only=True):
    monthly_budget: str | None
    currency: str
    spent_this_month: str
    resets_at: datetime
    """When the month ends (UTC) and spending counts from zero again."""


async def _budget_out(gw: Gateway, tenant_id: str) -> BudgetOut:
    tenant = await TenantStore(gw.infra.pool).get(tenant_id)
    prices = (await TenantModelStore(gw.infra.pool).get(tenant_id)).prices
    start, following = month_bounds(datetime.now(UTC))
    spent = await spent_since(gw.infra.pool, tenant_id, start, prices.currency)
    return BudgetOut(monthly_budget=tenant.monthly_budget, currency=prices.currency,
                     spent_this_month=money(spent), resets_at=following)


async def refuse_when_spent(gw: Gateway, tenant_id: str,
                            tenant: TenantConfig | None = None) -> None:
    """``BudgetSpent`` (402) when the tenant has a monthly budget and this month's calls have
    cost it; nothing otherwise. ``tenant``: its configuration, if the caller has just read
    it (a message's POST has), so it is not read twice."""
    tenant = tenant or await TenantStore(gw.infra.pool).get(tenant_id)
    if tenant.monthly_budget is None:
        return
    status = await _budget_out(gw, tenant_id)
    if Decimal(status.spent_this_month) >= Decimal(tenant.monthly_budget):
        resets = status.resets_at.strftime("%-d %B %Y")
        raise BudgetSpent(
            f"This organisation's monthly budget for the assistant ({tenant.monthly_budget} "
            f"{status.currency}) is spent, so no new questions can be answered this month. "
            f"It resets on {resets} (UTC); an administrator can raise it sooner.")


class UsageController(Controller):
    path = "/v1/usage"
    tags = ("administration",)

    @get("/", summary="What the tenant's model calls cost, by day, user, agent and model")
    async def summary(self, gw: Gateway, caller: Caller, start: date | None = None,
                      end: date | None = None) -> UsageSummary:
        """From ``start`` to ``end`` inclusive (UTC days); by default, this month so far."""
        caller.require("admin")
        today = datetime.now(UTC).date()
        end = end or today
        start = start or end.replace(day=1)
        if start > end:
            raise BadInput("The start of the range must not be after its end.")
        if end - start > timedelta(days=MAX_RANGE_DAYS):
            raise BadInput(f"A usage range is at most {MAX_RANGE_DAYS} days long.")
        prices = (await TenantModelStore(gw.infra.pool).get(caller.tenant_id)).prices
        return await summarise(gw.infra.pool, caller.tenant_id, start, end, prices.currency)


class BudgetController(Controller):
    path = "/v1/tenant/budget"
    tags = ("administration",)

    @get("/", summary="The monthly budget and this month's spending (administrators)")
    async def read(self, gw: Gateway, caller: Caller) -> BudgetOut:
        caller.require("admin")
        return await _budget_out(gw, caller.tenant_id)

    @put("/", summary="Set or remove the monthly budget (administrators)")
    async def replace(self, gw: Gateway, caller: Caller, data: Budget) -> BudgetOut:
        caller.require("admin")
        amount = None
        if data.monthly_budget is not None:
            try:
                amount = money(parse_money(data.monthly_budget, what="the monthly budget",
                                           high=MAX_BUDGET))
            except PriceError as e:
                raise BadInput(str(e)) from e
        tenants = TenantStore(gw.infra.pool)
        before = await tenants.get(caller.tenant_id)
        await gw.record(configuration_change(
            caller, "budget", before={"monthly_budget": before.monthly_budget},
            after={"monthly_budget": amount}))
        await tenants.set_budget(caller.tenant_id, amount)
        return await _budget_out(gw, caller.tenant_id)
