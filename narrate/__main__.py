from narrate.cli.entry import main

main()
