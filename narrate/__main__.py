from narrate.cli import main

main()
