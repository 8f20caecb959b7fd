"""One module per `pnp` verb; each has HELP, add_arguments(parser) and run(args) -> exit code."""
from generator.commands import boards, build, inventory, print as print_cmd, schema, serve, setup, site, validate

COMMANDS = {
    "validate": validate,
    "inventory": inventory,
    "setup": setup,
    "schema": schema,
    "print": print_cmd,
    "build": build,
    "boards": boards,
    "site": site,
    "serve": serve,
}
