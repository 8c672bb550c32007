"""Gearfall: the second rule system (issue 39), a squad skirmish of steam and sorcery on the same table.

Its mechanics are those of a published role-playing quick-start (2d6 + stat against a number, the 180° front
arc, straight charge lanes, free strikes, damage against armour); its names, characters and words are this
game's own. Its numbered rules (``GF-*``) are in ``data/rules.yaml``; each module here cites the rule it
reads, as Iron & Honor's do. It imports the kernel only, never another system (tests/test_layering.py).

Its turn is game.systems.gearfall.turn, its controllers .ai, and .system the object game.systems registers.
"""
