"""Rulesets that exist only for tests, registered by the tests that use them."""
