from narrate.cli.commands import main

main()
