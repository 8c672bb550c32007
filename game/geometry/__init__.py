"""The battlefield: pymunk-backed distances, arcs, line of sight, cover, paths and pushes."""
