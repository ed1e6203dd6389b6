"""The games: one package each, discovered and registered on first use of the registry."""
