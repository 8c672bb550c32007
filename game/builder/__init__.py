"""The party builder's model: the party being built, its edits, its live verdict, its files (no pygame).

Every number and every problem comes from ``game.content.party_building``, the code ``party check``
runs; this package only edits the file's data and asks.
"""
