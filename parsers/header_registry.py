"""The stdlib's email policy, with a header registry that builds each header's class once.

`HeaderRegistry.__getitem__` makes a new class with `type()` at every lookup, which costs more
than parsing a short Subject; one class per header name is all it needs. Parsing and folding are
the stdlib's own, so every header reads and is written exactly as with `email.policy.default`.
"""

from __future__ import annotations

import email.policy
from email.headerregistry import BaseHeader, HeaderRegistry
from typing import Any


class CachedHeaderRegistry(HeaderRegistry):
    def __init__(self) -> None:
        super().__init__()
        self._classes: dict[str, type[BaseHeader]] = {}

    def __getitem__(self, name: str) -> type[BaseHeader]:
        key = name.lower()
        made = self._classes.get(key)
        if made is None:
            made = self._classes[key] = super().__getitem__(name)
        return made

    def map_to_type(self, name: str, cls: Any) -> None:
        self._classes.pop(name.lower(), None)
        super().map_to_type(name, cls)


POLICY = email.policy.default.clone(header_factory=CachedHeaderRegistry())
