"""Mail addresses as the daemon counts and trusts them."""

from __future__ import annotations

import re

# A domain a reply can reach: dotted labels of letters, digits and hyphens, an alphabetic top label
# (no address literal "[1.2.3.4]", no bare "localhost").
_DOMAIN = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})")
_LOCAL = re.compile(r"[^\s@<>()\[\]\",;:\\]{1,64}")


def mailbox_key(address: str) -> str:
    """One mailbox, one quota: `mallory+1@x` and `Mallory+2@X` are the same mailbox."""
    local, _, domain = address.strip().lower().rpartition("@")
    return f"{local.partition('+')[0]}@{domain}" if local else address.strip().lower()


def answerable(address: str) -> bool:
    """Whether a reply to `address` can be delivered at all: a forged or broken one gets none."""
    local, _, domain = address.rpartition("@")
    return bool(_LOCAL.fullmatch(local)) and bool(_DOMAIN.fullmatch(domain.lower()))
