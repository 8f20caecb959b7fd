"""Validate phase: schema, references, counts, costs and setup tables — every problem collected at once."""
