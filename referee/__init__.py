"""A local referee for Lines of Action: simple rules (rules.py), matches between programs
(match.py) and two baseline players (players/)."""
