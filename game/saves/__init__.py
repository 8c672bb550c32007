"""Saves and replays: a game kept as its setup by value, its seed and its answers ([DIG-ACT-4]).

Above the AI (a resumed game asks its AI controllers again, so they pick up exactly where they
were) and below the UI; no pygame.
"""
