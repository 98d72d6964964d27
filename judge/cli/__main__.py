"""`python -m judge.cli`, as the tests run the command line."""

from judge.cli.entry import main

raise SystemExit(main())
