"""Iron & Honor: the fantasy skirmish wargame, played exactly by its rulebook."""

__version__ = "0.1.2"
