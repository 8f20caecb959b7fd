"""One module per `pnp` verb; each has HELP, add_arguments(parser) and run(args) -> exit code."""
from generator.commands import boards, build, inventory, new, schema, serve, setup, site, validate
from generator.commands import print as print_cmd

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
    "new": new,
}
