from __future__ import annotations

from email import policy
from email.headerregistry import Address

from parsers.header_registry import POLICY, CachedHeaderRegistry


def test_each_header_class_is_built_once_and_reads_as_the_stdlibs() -> None:
    registry = POLICY.header_factory
    assert isinstance(registry, CachedHeaderRegistry)
    assert registry["Subject"] is registry["subject"]
    for name, value in [
        ("subject", "=?utf-8?b?0KXQvtC0IDM=?= =?utf-8?q?_=D0=B8=D1=82=D0=BE=D0=B3=D0=B8?="),
        ("from", Address(display_name="Гонец", addr_spec="gonets@example.org")),
        ("to", "Анна <anna@example.org>, boris@example.org"),
    ]:
        ours, theirs = registry(name, value), policy.default.header_factory(name, value)
        assert str(ours) == str(theirs)
        assert POLICY.fold(name, ours) == policy.default.fold(name, theirs)
