"""Load phase: YAML files → plain data with source positions beside it."""
