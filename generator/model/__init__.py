"""Model phase: validated documents → indexed, resolved game objects the generators read."""
