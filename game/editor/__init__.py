"""pygame-ce map editor and party builder."""
