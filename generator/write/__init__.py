"""Write phase: atomic, deterministic files under the output folder, and the manifest."""
