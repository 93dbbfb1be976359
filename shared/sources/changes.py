"""What an administrator may change in an external source (``/v1/sources``), checked before
anything is written."""

from __future__ import annotations

import msgspec

from shared.sources.errors import InvalidSource
from shared.sources.store import ExternalSource
from shared.text.validation import InvalidText, checked_text

__all__ = ["SourceChanges"]

_NEEDED = ("id", "name", "kind", "url")


class SourceChanges(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new source (``id``, ``name``, ``kind`` and ``url`` needed) or a partial update.
    ``allow_host`` also puts the URL's host on the tenant's allowlist, in the same change."""

    id: str | msgspec.UnsetType = msgspec.UNSET
    name: str | msgspec.UnsetType = msgspec.UNSET
    kind: str | msgspec.UnsetType = msgspec.UNSET
    url: str | msgspec.UnsetType = msgspec.UNSET
    enabled: bool | msgspec.UnsetType = msgspec.UNSET
    items_path: str | msgspec.UnsetType = msgspec.UNSET
    id_field: str | msgspec.UnsetType = msgspec.UNSET
    title_field: str | msgspec.UnsetType = msgspec.UNSET
    text_field: str | msgspec.UnsetType = msgspec.UNSET
    url_field: str | msgspec.UnsetType = msgspec.UNSET
    date_field: str | msgspec.UnsetType = msgspec.UNSET
    allow_host: bool = False

    def applied_to(self, tenant_id: str, source: ExternalSource | None) -> ExternalSource:
        """The source these changes make; the store checks id, kind, name and URL."""
        changes = {f: getattr(self, f) for f in self.__struct_fields__
                   if f not in ("id", "allow_host") and getattr(self, f) is not msgspec.UNSET}
        for name, value in [("id", self.id), *changes.items()]:
            if isinstance(value, str):
                try:
                    checked_text(value, field=f"The source's {name}", blank_ok=True)
                except InvalidText as e:
                    raise InvalidSource(str(e)) from e
        if source is None:
            missing = [f for f in _NEEDED if getattr(self, f) is msgspec.UNSET]
            if missing:
                raise InvalidSource(f"A new source needs {', '.join(missing)}.")
            return ExternalSource(tenant_id=tenant_id, source_id=str(self.id), **changes)
        if self.id is not msgspec.UNSET and self.id != source.source_id:
            raise InvalidSource("A source's id cannot be changed; add a new source.")
        return msgspec.structs.replace(source, **changes)
