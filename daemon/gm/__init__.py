"""The game master's controls: one command set, by mail (ВЕДУЩИЙ + the GM password, from the GM's
address) and on the command line (`gonets gm GAME COMMAND …`), for every ruleset alike."""
