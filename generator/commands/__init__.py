"""One module per `pnp` verb; each has HELP, add_arguments(parser) and run(args) -> exit code."""
from generator.commands import boards, build, inventory, schema, setup, validate

COMMANDS = {
    "validate": validate,
    "inventory": inventory,
    "setup": setup,
    "schema": schema,
    "build": build,
    "boards": boards,
}
