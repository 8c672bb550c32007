"""The rules engine: turn sequence, actions, combat, traits, spells and encounters."""
