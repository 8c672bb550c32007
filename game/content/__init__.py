"""Content: YAML loading and validation for parties, maps, scenarios and rules data."""
