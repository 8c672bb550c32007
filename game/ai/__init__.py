"""Controllers that answer the engine's decisions."""
