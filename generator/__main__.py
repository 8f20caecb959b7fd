from generator.cli import entry

raise SystemExit(entry())
