"""One module per subcommand: ``add_parser(subparsers)`` and a ``run(args)`` it sets."""
