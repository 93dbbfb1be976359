"""What a model call costs: a price table per model, in one explicit currency.

Money is never a float here: prices and costs are ``Decimal`` in code and decimal strings in
events and the API, so a sum over a month is exact. A tenant may override the defaults (its
negotiated prices, another currency, a model of its own hosting) through the configuration
section ``prices``; a model missing from the table is recorded as unpriced, not as free.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

import msgspec

from shared.events import Usage

__all__ = [
    "DEFAULT_CURRENCY",
    "DEFAULT_PRICES",
    "MAX_PRICE",
    "Price",
    "PriceError",
    "PriceTable",
    "money",
    "parse_money",
]

DEFAULT_CURRENCY = "USD"
MILLION = Decimal(1_000_000)
MAX_PRICE = Decimal(10_000)
"""No model costs more than this per million tokens: a larger figure is a typing error."""


class PriceError(ValueError):
    """A price, a budget or a price table that cannot be right."""


class Price(msgspec.Struct, frozen=True, kw_only=True):
    """Prices of one model per million tokens, as decimal strings (e.g. ``"3"``, ``"0.30"``)."""

    input: str
    output: str
    cache_write: str
    """Writing the prompt cache (Anthropic's five-minute cache write)."""
    cache_read: str

    def cost(self, usage: Usage) -> Decimal:
        """The exact cost of ``usage`` at these prices."""
        total = (usage.input_tokens * Decimal(self.input)
                 + usage.output_tokens * Decimal(self.output)
                 + usage.cache_creation_input_tokens * Decimal(self.cache_write)
                 + usage.cache_read_input_tokens * Decimal(self.cache_read))
        return total / MILLION

    def checked(self) -> Price:
        """This price, each figure a number from 0 to ``MAX_PRICE``; ``PriceError`` if not."""
        for name in ("input", "output", "cache_write", "cache_read"):
            parse_money(getattr(self, name), what=f"the {name.replace('_', ' ')} price",
                        high=MAX_PRICE)
        return self


# Anthropic's published list prices in US dollars per million tokens (anthropic.com/pricing and
# the "Pricing" page of the Claude documentation, as read in November 2026): base input,
# output, five-minute cache write (1.25 x input) and cache read (0.1 x input). Sonnet 4.6 is
# listed at the Sonnet 4/4.5 price. Tenants with other terms override them ("prices").
_ANTHROPIC: dict[str, tuple[str, str, str, str]] = {
    "claude-opus-4-5": ("5", "25", "6.25", "0.50"),
    "claude-opus-4-1": ("15", "75", "18.75", "1.50"),
    "claude-opus-4": ("15", "75", "18.75", "1.50"),
    "claude-sonnet-4-6": ("3", "15", "3.75", "0.30"),
    "claude-sonnet-4-5": ("3", "15", "3.75", "0.30"),
    "claude-sonnet-4": ("3", "15", "3.75", "0.30"),
    "claude-3-7-sonnet": ("3", "15", "3.75", "0.30"),
    "claude-haiku-4-5": ("1", "5", "1.25", "0.10"),
    "claude-3-5-haiku": ("0.80", "4", "1", "0.08"),
    "claude-3-haiku": ("0.25", "1.25", "0.30", "0.03"),
}
# The offline extractive mode runs no model, so it costs nothing.
_FREE = ("0", "0", "0", "0")

DEFAULT_PRICES: Mapping[str, Price] = {
    model: Price(input=i, output=o, cache_write=w, cache_read=r)
    for model, (i, o, w, r) in {**_ANTHROPIC, "offline-extractive": _FREE}.items()
}


class PriceTable(msgspec.Struct, frozen=True, kw_only=True):
    """Prices per model id, in one currency."""

    currency: str = DEFAULT_CURRENCY
    prices: dict[str, Price] = {}

    @classmethod
    def default(cls) -> PriceTable:
        return cls(prices=dict(DEFAULT_PRICES))

    def overridden(self, overrides: PriceTable | None) -> PriceTable:
        """The tenant's table: its own prices over these; its currency, if it names one
        other than the default, replaces the default prices entirely (mixing currencies in
        one sum would be wrong)."""
        if overrides is None:
            return self
        if overrides.currency != self.currency:
            return overrides
        return PriceTable(currency=self.currency, prices={**self.prices, **overrides.prices})

    def price_for(self, model: str) -> Price | None:
        """The price of ``model``; a dated id (``claude-haiku-4-5-20251001``, as the API
        reports it) takes the price of the longest listed id it starts with."""
        if model in self.prices:
            return self.prices[model]
        stems = [m for m in self.prices if model.startswith(m + "-")]
        return self.prices[max(stems, key=len)] if stems else None

    def cost(self, model: str, usage: Usage) -> Decimal | None:
        """What ``usage`` of ``model`` cost; ``None`` when the model has no price."""
        price = self.price_for(model)
        return None if price is None else price.cost(usage)

    def checked(self) -> PriceTable:
        """This table, validated: a three-letter currency code and sound prices."""
        if not (len(self.currency) == 3 and self.currency.isalpha() and self.currency.isupper()):
            raise PriceError(f"The currency must be a three-letter ISO 4217 code such as USD "
                             f"or GBP, not {self.currency!r}.")
        for model, price in self.prices.items():
            if not model.strip() or len(model) > 200:
                raise PriceError("Each price needs a model id of at most 200 characters.")
            price.checked()
        return self


def money(amount: Decimal) -> str:
    """``amount`` as a plain decimal string (no exponent), for events and the API."""
    text = format(amount.normalize(), "f")
    return "0" if text in ("-0", "") else text


def parse_money(raw: str, *, what: str, high: Decimal | None = None) -> Decimal:
    """A non-negative decimal amount from text; ``PriceError`` naming ``what`` otherwise."""
    try:
        value = Decimal(raw.strip())
    except (InvalidOperation, AttributeError) as e:
        raise PriceError(f"{what.capitalize()} must be a decimal number, not {raw!r}.") from e
    if not value.is_finite() or value < 0:
        raise PriceError(f"{what.capitalize()} must be zero or more, not {raw!r}.")
    if high is not None and value > high:
        raise PriceError(f"{what.capitalize()} of {raw} is more than {high}: check the figure.")
    return value
