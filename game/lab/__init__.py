"""The lab: the harness that plays many AI games to check and measure the game (the AI soak, the random and
encounter soaks, the plan audit, the soak's save replays) and the balance lab (``python -m game lab``: sweeps,
their results table and report). Tools and tests use it, and the command line's ``lab`` command; no other module of
the game imports it (tests/test_layering.py), so none of it is loaded at play time."""
