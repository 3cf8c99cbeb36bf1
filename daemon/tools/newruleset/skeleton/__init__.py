"""The ruleset `gonets new-ruleset` copies: `engine/` becomes `engines/NAME/`, `templates/` becomes
`templates/NAME/`, `tests/` becomes `tests/engines/NAME/`, each "skeleton" in them the new name."""
